import { defineSettings, httpUrl, setting, text, wholeNumber } from '../setting.schema';

/** Sign-in: access tokens, Google sign-in and password hashing (auth/). */
export const authSettings = defineSettings({
  module: 'auth',
  title: 'Accounts and sign-in',
  settings: {
    JWT_SECRET: setting(text(32), {
      secret: true,
      doc: 'Key that signs the access tokens (HS256, 15 minutes), at least 32 characters (openssl rand -base64 48). Unset: the server generates a key on first start and keeps it in the database (table app_secrets), so every instance shares it. Changing it signs everyone out of their current access tokens (refresh cookies keep working).',
      message: 'JWT_SECRET must be at least 32 characters long (use 32 or more random bytes)',
    }),
    GOOGLE_CLIENT_ID: setting(text(), {
      doc: "Google sign-in needs an OAuth client (\"Web application\") with the authorized redirect URI PUBLIC_URL/api/auth/google/callback. Unless both the client id and the secret are set, the 'Sign in with Google' buttons say that it is not configured.",
      message: 'GOOGLE_CLIENT_ID must not be empty',
    }),
    GOOGLE_CLIENT_SECRET: setting(text(), {
      secret: true,
      doc: "The OAuth client's secret (see GOOGLE_CLIENT_ID).",
      message: 'GOOGLE_CLIENT_SECRET must not be empty',
    }),
    OIDC_ISSUER: setting(httpUrl(), {
      default: 'https://accounts.google.com',
      doc: 'The OpenID Connect issuer (its /.well-known/openid-configuration is read at run time). Another OpenID Connect provider works too, with its own client id and secret.',
      message: 'OIDC_ISSUER must be an http:// or https:// URL, such as https://accounts.google.com',
    }),
    PASSWORD_HASH_WORKERS: setting(wholeNumber(1, 64), {
      defaultNote: 'cores - 1, from 1 to 4',
      example: '2',
      doc: 'Worker threads that hash passwords (scrypt). Hashes beyond them wait in a short queue; past it sign-in and sign-up answer 503.',
      message: 'PASSWORD_HASH_WORKERS must be a whole number between 1 and 64',
    }),
  },
});
