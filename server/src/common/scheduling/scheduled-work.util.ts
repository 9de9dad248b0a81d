import type { AppConfig } from '../config/app.config';

/**
 * Whether this instance runs its scheduled work (timers, hourly jobs, refreshes) by itself: not in
 * tests, which run it explicitly; not without a database (the OpenAPI generator).
 */
export function runsScheduledWork(config: Pick<AppConfig, 'env' | 'databaseUrl'>): boolean {
  return config.env !== 'test' && config.databaseUrl !== undefined;
}
