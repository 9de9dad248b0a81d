/**
 * The password exposure check by k-anonymity: the browser hashes the password with SHA-1 and only
 * the first 5 hex characters of the hash leave it; the returned range (every known suffix with that
 * prefix, plus padding entries of count 0) is matched here. The password itself goes nowhere.
 */
import { api } from '../api/client';
import { formatNumber } from '../format';

export const PASSWORD_MESSAGES = {
  empty: 'No password provided',
  failed: 'Failed to check password',
  insecure: 'The password check needs a secure (https) connection: your browser only hashes passwords on secure pages.',
  clean:
    'Good news: this password was not found in known data breaches. That does not make it strong: use a long, unique password for every site.',
} as const;

export function exposureMessage(count: number): string {
  return `This password has appeared ${formatNumber(count)} ${count === 1 ? 'time' : 'times'} in data breaches. Do not use it anywhere.`;
}

/** Thrown when the page is not a secure context (plain http on a LAN): crypto.subtle is missing there. */
export class InsecureContextError extends Error {
  constructor() {
    super(PASSWORD_MESSAGES.insecure);
    this.name = 'InsecureContextError';
  }
}

/** Upper-case hex SHA-1 of the UTF-8 text, computed by the browser. */
export async function sha1Hex(text: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new InsecureContextError();
  const digest = await subtle.digest('SHA-1', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}

/**
 * How often `suffix` (the 35 hex characters after the prefix) appears in a range body of
 * `SUFFIX:COUNT` lines. Padding lines (count 0) and anything malformed count as not found.
 */
export function countInRange(body: string, suffix: string): number {
  const wanted = suffix.toUpperCase();
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    const colon = line.indexOf(':');
    if (colon === -1 || line.slice(0, colon).toUpperCase() !== wanted) continue;
    const count = Number(line.slice(colon + 1));
    if (Number.isSafeInteger(count) && count > 0) return count;
  }
  return 0;
}

/** How many times the password appears in known breaches (0: not found). */
export async function passwordExposureCount(password: string): Promise<number> {
  const hash = await sha1Hex(password);
  const prefix = hash.slice(0, 5);
  const { data, response } = await api.GET('/api/passwords/range/{prefix}', {
    params: { path: { prefix } },
    parseAs: 'text',
  });
  if (!response.ok || typeof data !== 'string') throw new Error(`range lookup answered ${response.status}`);
  return countInRange(data, hash.slice(5));
}
