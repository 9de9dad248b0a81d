import type { MonitorType } from './monitoring.types';

const DAY_MS = 24 * 3600_000;

/** The spec's cadence: weekly every 7 days, monthly every 30. */
export const MONITOR_PERIOD_DAYS: Readonly<Record<MonitorType, number>> = { weekly: 7, monthly: 30 };

/** Waits after the 1st, 2nd and 3rd failed run of a period; a 4th failure waits for the next period. */
export const RETRY_DELAYS_MS: readonly number[] = [5 * 60_000, 30 * 60_000, 2 * 3600_000];

export interface ScheduleState {
  nextRunAt: Date;
  scheduledAt: Date;
  failedAttempts: number;
}

/**
 * The next regular run: one period after the scheduled time (not after when the run happened, so
 * the schedule does not drift), skipping periods that passed while nothing ran.
 */
export function nextRegularRun(scheduledAt: Date, type: MonitorType, now: Date): Date {
  const period = MONITOR_PERIOD_DAYS[type] * DAY_MS;
  let next = scheduledAt.getTime() + period;
  if (next <= now.getTime()) next += Math.ceil((now.getTime() - next + 1) / period) * period;
  return new Date(next);
}

export function afterSuccess(scheduledAt: Date, type: MonitorType, now: Date): ScheduleState {
  const next = nextRegularRun(scheduledAt, type, now);
  return { nextRunAt: next, scheduledAt: next, failedAttempts: 0 };
}

/** Retry after 5 min, 30 min, 2 h; then give up on this period and wait for the next one. */
export function afterFailure(scheduledAt: Date, failedAttempts: number, type: MonitorType, now: Date): ScheduleState {
  const delay = RETRY_DELAYS_MS[failedAttempts];
  if (delay === undefined) return afterSuccess(scheduledAt, type, now);
  return { nextRunAt: new Date(now.getTime() + delay), scheduledAt, failedAttempts: failedAttempts + 1 };
}
