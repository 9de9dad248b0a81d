import { plainToInstance, Transform } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsOptional, IsString, IsUrl, Max, Min, validateSync } from 'class-validator';
import { resolve } from 'node:path';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

// Unset and empty variables both mean "use the default".
const emptyToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const toNumber = ({ value }: { value: unknown }) => {
  const v = emptyToUndefined({ value });
  return v === undefined ? undefined : Number(v);
};

/** The environment variables the server reads. Each is validated at boot. */
class EnvironmentVariables {
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(['development', 'production', 'test'], { message: 'NODE_ENV must be one of development, production, test' })
  NODE_ENV?: string;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'PORT must be a whole number between 0 and 65535' })
  @Min(0)
  @Max(65535)
  PORT?: number;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  HOST?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(
    { protocols: ['postgres', 'postgresql'], require_tld: false, require_protocol: true },
    { message: 'DATABASE_URL must be a postgres:// or postgresql:// URL' },
  )
  DATABASE_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  DATA_DIR?: string;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'EMBEDDED_PG_PORT must be a whole number between 1 and 65535' })
  @Min(1)
  @Max(65535)
  EMBEDDED_PG_PORT?: number;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(
    { protocols: ['http', 'https'], require_tld: false, require_protocol: true },
    { message: 'PUBLIC_URL must be an http:// or https:// URL' },
  )
  PUBLIC_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsIn(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
  LOG_LEVEL?: LogLevel;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsEmail({}, { message: 'CONTACT_EMAIL must be an email address' })
  CONTACT_EMAIL?: string;

  @Transform(toNumber)
  @IsOptional()
  @IsInt({ message: 'SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds' })
  @Min(0)
  @Max(600_000)
  SHUTDOWN_TIMEOUT_MS?: number;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Unset means: start the embedded PostgreSQL under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  embeddedPgPort?: number;
  publicUrl: string;
  logLevel: LogLevel;
  contactEmail: string;
  shutdownTimeoutMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const env = plainToInstance(EnvironmentVariables, { ...source }, { excludeExtraneousValues: false });
  const errors = validateSync(env, { skipMissingProperties: false, forbidUnknownValues: false });
  if (errors.length > 0) {
    throw new ConfigError(
      errors.map((e) => {
        // The type/format message says most; range messages only make sense for a number.
        const constraints = e.constraints ?? {};
        const key = ['isInt', 'isIn', 'isUrl', 'isEmail'].find((k) => k in constraints) ?? Object.keys(constraints)[0];
        const message = key ? constraints[key] : 'is invalid';
        return message.startsWith(e.property) ? message : `${e.property} ${message}`;
      }),
    );
  }
  const port = env.PORT ?? 3000;
  return {
    env: (env.NODE_ENV as AppConfig['env']) ?? 'production',
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL,
    dataDir: resolve(env.DATA_DIR ?? './data'),
    embeddedPgPort: env.EMBEDDED_PG_PORT,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL ?? 'info',
    contactEmail: env.CONTACT_EMAIL ?? 'privacy@footprint.example',
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS ?? 10_000,
  };
}
