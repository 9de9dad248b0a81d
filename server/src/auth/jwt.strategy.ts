import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { KeyObject } from 'node:crypto';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AccessTokenService } from './access-token.service';
import { AuthenticatedUser } from './current-user.decorator';

/** passport-jwt: Bearer header, HS256 only (no `none`, no algorithm confusion), expiry enforced. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(private readonly accessTokens: AccessTokenService) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      algorithms: ['HS256'],
      ignoreExpiration: false,
      secretOrKeyProvider: (_req: unknown, _rawJwt: unknown, done: (err: unknown, key?: string | Buffer) => void) => {
        accessTokens.verificationKey().then(
          // passport-jwt hands the key to jsonwebtoken, which takes a KeyObject (its types say string or Buffer).
          (key: KeyObject) => done(null, key as unknown as Buffer),
          (err: unknown) => done(err),
        );
      },
    });
  }

  async validate(claims: unknown): Promise<AuthenticatedUser | false> {
    return (await this.accessTokens.userFor(claims)) ?? false;
  }
}
