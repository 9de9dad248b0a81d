import { JwtService } from '@nestjs/jwt';
import { loadConfig } from '../common/config/app.config';
import { AppSecrets } from '../common/security/app-secrets.service';
import { AccessTokenService } from './access-token.service';
import { SessionService } from './session.service';

const USER_ID = '7f1c2a52-3a39-4d71-9a43-2b1fb1f2f5a1';
const SESSION_ID = '0b6c1f4e-1d7a-4a8e-9a57-3f3c0c1d2e4f';

describe('AccessTokenService', () => {
  const secret = 's'.repeat(40);
  const secrets = { get: jest.fn(async () => 'generated'.repeat(5)) } as unknown as AppSecrets;
  const jwt = new JwtService();
  let live: boolean;
  const sessions = { isLive: jest.fn(async () => live) } as unknown as SessionService;

  beforeEach(() => {
    live = true;
  });

  it('signs with JWT_SECRET when configured, else with the generated key', async () => {
    const configured = new AccessTokenService(jwt, secrets, sessions, loadConfig({ JWT_SECRET: secret }));
    const { accessToken, expiresIn } = await configured.issue(USER_ID, SESSION_ID);
    expect(expiresIn).toBe(900);
    const claims = jwt.verify<{ iat: number; exp: number }>(accessToken, { secret, algorithms: ['HS256'] });
    expect(claims).toMatchObject({ sub: USER_ID, sid: SESSION_ID, typ: 'access' });
    expect(claims.exp - claims.iat).toBe(900);
    const generated = new AccessTokenService(jwt, secrets, sessions, loadConfig({}));
    const other = await generated.issue(USER_ID, SESSION_ID);
    expect(jwt.verify(other.accessToken, { secret: 'generated'.repeat(5) })).toMatchObject({ sub: USER_ID });
  });

  describe('userFor (claims already verified by passport-jwt)', () => {
    const service = new AccessTokenService(jwt, secrets, sessions, loadConfig({ JWT_SECRET: secret }));
    const iat = Math.floor(Date.now() / 1000);
    const exp = iat + 900;
    const valid = { sub: USER_ID, sid: SESSION_ID, typ: 'access', iat, exp };

    it('answers the session user', async () => {
      await expect(service.userFor(valid)).resolves.toEqual({ userId: USER_ID, method: 'session' });
      expect(sessions.isLive).toHaveBeenCalledWith(USER_ID, SESSION_ID, iat);
    });

    it.each([
      [{ ...valid, typ: 'refresh' }],
      [{ ...valid, typ: undefined }],
      [{ ...valid, sub: 'not-a-uuid' }],
      [{ ...valid, sub: undefined }],
      [{ ...valid, iat: undefined }],
      [{ ...valid, exp: undefined }], // signed with the real key, but never expiring
      [{ ...valid, exp: iat + 86_400 }], // longer-lived than any token we issue
      [{ ...valid, iat: iat - 1000, exp: iat - 100 }],
      [{ ...valid, sid: undefined }], // no session to check
      [{ ...valid, sid: 'not-a-uuid' }],
      [null],
    ])('refuses %j', async (claims) => {
      await expect(service.userFor(claims)).resolves.toBeNull();
    });

    it('refuses tokens whose session check fails (signed out, deleted user, revoked before it was issued)', async () => {
      live = false;
      await expect(service.userFor(valid)).resolves.toBeNull();
    });
  });
});
