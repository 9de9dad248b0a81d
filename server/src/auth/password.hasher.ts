import { randomBytes, scrypt as scryptCallback, ScryptOptions, timingSafeEqual } from 'node:crypto';

/**
 * scrypt (memory-hard, in node:crypto, no native addon). N = 2^15, r = 8 uses 32 MiB and about
 * 120 ms per hash on our 2-core machines (measured under load): slow for an attacker with a stolen table, fast enough
 * that sign-in stays interactive. Parameters are stored with each hash so they can be raised later.
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Longer passwords are refused: hashing megabytes of input is a cheap denial of service. */
export const MAX_PASSWORD_LENGTH = 256;

/**
 * Where the key derivation runs: in this process (libuv's thread pool) by default; the server
 * passes PasswordHashPool's, which runs it in worker threads behind a bounded queue.
 */
export type ScryptFn = (password: string, salt: Buffer, keyLength: number, options: ScryptOptions) => Promise<Buffer>;

export const inProcessScrypt: ScryptFn = (password, salt, keyLength, options) =>
  new Promise((resolve, reject) => scryptCallback(password, salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))));

function options(N: number, r: number, p: number): ScryptOptions {
  return { N, r, p, maxmem: 256 * N * r };
}

export async function hashPassword(password: string, scrypt: ScryptFn = inProcessScrypt): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options(PARAMS.N, PARAMS.r, PARAMS.p));
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Constant-time comparison; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string, scrypt: ScryptFn = inProcessScrypt): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  if (!Number.isInteger(N) || N < 2 || N > 2 ** 20 || expected.length === 0) return false;
  if (![R, P].every((v) => Number.isInteger(v) && v >= 1 && v <= 16)) return false;
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(saltB64, 'base64'), expected.length, options(N, R, P));
  return timingSafeEqual(actual, expected);
}

let dummy: Promise<string> | undefined;
/** A real hash to verify against when the account does not exist, so both paths cost the same. */
export function dummyPasswordHash(scrypt: ScryptFn = inProcessScrypt): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'), scrypt).catch((err: unknown) => {
    dummy = undefined; // a busy pool at start must not poison every later sign-in
    throw err;
  });
  return dummy;
}
