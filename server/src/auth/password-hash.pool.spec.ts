import { loadConfig } from '../common/config/app.config';
import { ServiceBusyException } from '../common/http/service-busy.exception';
import { verifyPassword } from './password.hasher';
import { PasswordHashPool } from './password-hash.pool';

describe('PasswordHashPool', () => {
  let pool: PasswordHashPool | undefined;
  afterEach(async () => {
    await pool?.onModuleDestroy();
    pool = undefined;
  });

  it('hashes in worker threads with the same format and results as in-process hashing', async () => {
    pool = new PasswordHashPool(loadConfig({ PASSWORD_HASH_WORKERS: '2' }));
    const hash = await pool.hash('correct horse 1');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    await expect(verifyPassword('correct horse 1', hash)).resolves.toBe(true); // in-process check of a pooled hash
    await expect(pool.verify('correct horse 1', hash)).resolves.toBe(true);
    await expect(pool.verify('cafe\u0301 horse', await pool.hash('caf\u00e9 horse'))).resolves.toBe(true);
    await expect(pool.verify('wrong', hash)).resolves.toBe(false);
    expect(pool.stats.workers).toBeGreaterThanOrEqual(1);
    expect(pool.stats.workers).toBeLessThanOrEqual(2);
  });

  it('refuses hashes beyond its queue with 503 rather than letting them pile up', async () => {
    const config = loadConfig({ PASSWORD_HASH_WORKERS: '1' });
    pool = new PasswordHashPool({ ...config, passwordHashing: { ...config.passwordHashing, maxQueued: 1, maxWaitMs: 10_000 } });
    const attempts = Array.from({ length: 4 }, (_, i) => pool!.hash(`password-${i}`).then(() => 'hashed', (err: unknown) => err));
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((o) => o === 'hashed')).toHaveLength(2); // one running, one waiting
    expect(outcomes.filter((o) => o instanceof ServiceBusyException)).toHaveLength(2);
    expect(pool.stats).toMatchObject({ active: 0, queued: 0, refused: 2 });
  });
});
