import { resolve } from 'node:path';
import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      env: 'production',
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: resolve('./data'),
      embeddedPgPort: undefined,
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      contactEmail: 'privacy@footprint.example',
      shutdownTimeoutMs: 10_000,
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ', LOG_LEVEL: '' }).port).toBe(3000);
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('reads every variable it knows', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://user:pw@db:5432/footprint',
      DATA_DIR: '/var/lib/footprint',
      EMBEDDED_PG_PORT: '5555',
      PUBLIC_URL: 'https://footprint.example/',
      LOG_LEVEL: 'debug',
      CONTACT_EMAIL: 'dpo@footprint.example',
      SHUTDOWN_TIMEOUT_MS: '2500',
    });
    expect(config).toMatchObject({
      env: 'development',
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://user:pw@db:5432/footprint',
      dataDir: '/var/lib/footprint',
      embeddedPgPort: 5555,
      publicUrl: 'https://footprint.example',
      logLevel: 'debug',
      contactEmail: 'dpo@footprint.example',
      shutdownTimeoutMs: 2500,
    });
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it.each([
    ['PORT', 'abc', 'PORT must be a whole number between 0 and 65535'],
    ['PORT', '70000', 'PORT must not be greater than 65535'],
    ['PORT', '3.5', 'PORT must be a whole number between 0 and 65535'],
    ['DATABASE_URL', 'mysql://x@y/z', 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
    ['PUBLIC_URL', 'footprint.example', 'PUBLIC_URL must be an http:// or https:// URL'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    ['CONTACT_EMAIL', 'not-an-email', 'CONTACT_EMAIL must be an email address'],
    ['NODE_ENV', 'staging', 'NODE_ENV must be one of development, production, test'],
    ['EMBEDDED_PG_PORT', '0', 'EMBEDDED_PG_PORT must not be less than 1'],
  ])('rejects %s=%s with a message naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    try {
      loadConfig({ [name]: value });
    } catch (err) {
      expect((err as ConfigError).problems).toEqual([message]);
    }
  });

  it('reports every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });
});
