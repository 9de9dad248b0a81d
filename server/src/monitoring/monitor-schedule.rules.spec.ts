import { afterFailure, afterSuccess, nextRegularRun } from './monitor-schedule.rules';

const DAY = 24 * 3600_000;
const at = (iso: string) => new Date(iso);

describe('monitor schedule', () => {
  const scheduled = at('2031-03-01T08:00:00Z');

  it('the next run is one period after the scheduled time, not after the run', () => {
    expect(nextRegularRun(scheduled, 'weekly', at('2031-03-01T09:30:00Z'))).toEqual(new Date(scheduled.getTime() + 7 * DAY));
    expect(nextRegularRun(scheduled, 'monthly', at('2031-03-01T09:30:00Z'))).toEqual(new Date(scheduled.getTime() + 30 * DAY));
  });

  it('skips periods that passed while nothing ran', () => {
    expect(nextRegularRun(scheduled, 'weekly', at('2031-03-20T00:00:00Z'))).toEqual(new Date(scheduled.getTime() + 21 * DAY));
    // Exactly on a period boundary: that time is not in the future, so the one after.
    expect(nextRegularRun(scheduled, 'weekly', new Date(scheduled.getTime() + 14 * DAY))).toEqual(new Date(scheduled.getTime() + 21 * DAY));
  });

  it('a success resets the failures and moves the schedule', () => {
    expect(afterSuccess(scheduled, 'weekly', scheduled)).toEqual({
      nextRunAt: new Date(scheduled.getTime() + 7 * DAY),
      scheduledAt: new Date(scheduled.getTime() + 7 * DAY),
      failedAttempts: 0,
    });
  });

  it('failures retry after 5 min, 30 min and 2 h, then wait for the next period', () => {
    const now = at('2031-03-01T08:01:00Z');
    expect(afterFailure(scheduled, 0, 'weekly', now)).toEqual({ nextRunAt: new Date(now.getTime() + 5 * 60_000), scheduledAt: scheduled, failedAttempts: 1 });
    expect(afterFailure(scheduled, 1, 'weekly', now).nextRunAt).toEqual(new Date(now.getTime() + 30 * 60_000));
    expect(afterFailure(scheduled, 2, 'weekly', now)).toEqual({ nextRunAt: new Date(now.getTime() + 2 * 3600_000), scheduledAt: scheduled, failedAttempts: 3 });
    expect(afterFailure(scheduled, 3, 'monthly', now)).toEqual({
      nextRunAt: new Date(scheduled.getTime() + 30 * DAY),
      scheduledAt: new Date(scheduled.getTime() + 30 * DAY),
      failedAttempts: 0,
    });
  });
});
