import { dummyPasswordHash, hashPassword, verifyPassword } from './password.hasher';

describe('password hashing', () => {
  it('verifies the right password and rejects others', async () => {
    const hash = await hashPassword('correct horse 1');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(hash).not.toContain('correct');
    await expect(verifyPassword('correct horse 1', hash)).resolves.toBe(true);
    await expect(verifyPassword('correct horse 2', hash)).resolves.toBe(false);
    await expect(verifyPassword('', hash)).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toEqual(await hashPassword('same'));
  });

  it('treats equivalent Unicode forms as the same password', async () => {
    const hash = await hashPassword('caf\u00e9');
    await expect(verifyPassword('cafe\u0301', hash)).resolves.toBe(true);
  });

  it('never matches a malformed stored hash', async () => {
    for (const bad of ['', 'plain', 'bcrypt$x', 'scrypt$1$8$1$AA==$AA==', 'scrypt$99999999$8$1$AA==$AA==', 'scrypt$32768$8$1$$']) {
      await expect(verifyPassword('x', bad)).resolves.toBe(false);
    }
  });

  it('has a dummy hash that no password is expected to match', async () => {
    const dummy = await dummyPasswordHash();
    expect(dummy).toBe(await dummyPasswordHash());
    await expect(verifyPassword('password1', dummy)).resolves.toBe(false);
  });
});
