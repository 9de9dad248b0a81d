import { JwtService } from '@nestjs/jwt';
import { loadConfig } from '../common/config/app-config';
import { AppSecrets } from '../common/security/app-secrets.service';
import { AccessTokenService } from './access-token.service';
import { UserEntity } from './user.entity';
import { UserRepository } from './user.repository';

const USER_ID = '7f1c2a52-3a39-4d71-9a43-2b1fb1f2f5a1';

describe('AccessTokenService', () => {
  const secret = 's'.repeat(40);
  let user: Partial<UserEntity> | null;
  const users = { findById: jest.fn(async () => user) } as unknown as UserRepository;
  const secrets = { get: jest.fn(async () => 'generated'.repeat(5)) } as unknown as AppSecrets;
  const jwt = new JwtService();

  beforeEach(() => {
    user = { id: USER_ID, sessionsRevokedAt: null };
  });

  it('signs with JWT_SECRET when configured, else with the generated key', async () => {
    const configured = new AccessTokenService(jwt, secrets, users, loadConfig({ JWT_SECRET: secret }));
    const { accessToken, expiresIn } = await configured.issue(USER_ID);
    expect(expiresIn).toBe(900);
    expect(jwt.verify(accessToken, { secret, algorithms: ['HS256'] })).toMatchObject({ sub: USER_ID, typ: 'access' });
    const generated = new AccessTokenService(jwt, secrets, users, loadConfig({}));
    const other = await generated.issue(USER_ID);
    expect(jwt.verify(other.accessToken, { secret: 'generated'.repeat(5) })).toMatchObject({ sub: USER_ID });
  });

  describe('userFor (claims already verified by passport-jwt)', () => {
    const service = new AccessTokenService(jwt, secrets, users, loadConfig({ JWT_SECRET: secret }));
    const iat = Math.floor(Date.now() / 1000);

    it('answers the session user', async () => {
      await expect(service.userFor({ sub: USER_ID, typ: 'access', iat })).resolves.toEqual({ userId: USER_ID, method: 'session' });
    });

    it.each([
      [{ sub: USER_ID, typ: 'refresh', iat }],
      [{ sub: USER_ID, iat }],
      [{ sub: 'not-a-uuid', typ: 'access', iat }],
      [{ typ: 'access', iat }],
      [{ sub: USER_ID, typ: 'access' }],
      [null],
    ])('refuses %j', async (claims) => {
      await expect(service.userFor(claims)).resolves.toBeNull();
    });

    it('refuses a deleted user', async () => {
      user = null;
      await expect(service.userFor({ sub: USER_ID, typ: 'access', iat })).resolves.toBeNull();
    });

    it('refuses tokens issued before the sessions were revoked, not those issued after', async () => {
      user = { id: USER_ID, sessionsRevokedAt: new Date((iat - 10) * 1000 + 500) };
      await expect(service.userFor({ sub: USER_ID, typ: 'access', iat: iat - 11 })).resolves.toBeNull();
      await expect(service.userFor({ sub: USER_ID, typ: 'access', iat })).resolves.not.toBeNull();
    });
  });
});
