import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { RateLimiter } from '../common/security/rate-limiter.service';
import { Clock } from '../common/clock/clock.service';
import { ANALYTICS_EVENTS, AnalyticsEventName } from './analytics-event.catalogue';
import { AnalyticsEventRepository } from './analytics-event.repository';
import { AnalyticsParameterError, sanitizeParameters } from './analytics-parameters.rules';
import { ANALYTICS_RATE_LIMITS } from './analytics-rate-limits.catalogue';
import { ANALYTICS_MESSAGES, DailyAnalyticsDto, EventCountsDto, ExportedAnalyticsEventDto } from './analytics.dto';

const DAY_MS = 24 * 3600_000;
const DEFAULT_DAYS = 30;
const MAX_DAYS = 366;

const zeroCounts = (): EventCountsDto => Object.fromEntries(ANALYTICS_EVENTS.map((e) => [e, 0])) as unknown as EventCountsDto;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * First-party analytics (nothing goes to third parties): events of signed-in users,
 * their parameters whitelisted per event and size-capped, and per-day counts for operators.
 */
@Injectable()
export class AnalyticsService {
  private readonly logger = new Logger(AnalyticsService.name);

  constructor(
    private readonly events: AnalyticsEventRepository,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
  ) {}

  /** The account export's part: the user's events, newest first. */
  async exportOf(userId: string): Promise<ExportedAnalyticsEventDto[]> {
    return (await this.events.allOfUser(userId)).map((e) => ({ event: e.event, parameters: e.parameters, occurredAt: e.occurredAt.toISOString() }));
  }

  /** An event sent by the client (POST /api/analytics/track): 400 for anything the catalogue does not allow. */
  async track(userId: string, event: AnalyticsEventName, parameters: Record<string, unknown> | undefined): Promise<void> {
    await this.limiter.consume(ANALYTICS_RATE_LIMITS.trackPerUser, userId);
    let stored;
    try {
      stored = sanitizeParameters(event, parameters);
    } catch (err) {
      if (err instanceof AnalyticsParameterError) throw new BadRequestException(err.message);
      throw err;
    }
    await this.events.insert(userId, event, stored, this.clock.now());
  }

  /**
   * An event the server itself records (email_sent, say). Never throws: analytics must not break
   * what they observe. `recipient` of email events is a kind ('account'), never an address.
   */
  async record(userId: string, event: AnalyticsEventName, parameters: Record<string, unknown> = {}): Promise<void> {
    try {
      await this.events.insert(userId, event, sanitizeParameters(event, parameters), this.clock.now());
    } catch (err) {
      this.logger.warn(`analytics event not recorded: event=${event} reason=${err instanceof Error ? err.message : 'unknown'}`);
    }
  }

  /** Counts per UTC day and event, `from` to `to` inclusive (YYYY-MM-DD); the last 30 days by default. */
  async daily(from: string | undefined, to: string | undefined): Promise<DailyAnalyticsDto> {
    const last = to ? parseDay(to) : parseDay(dayOf(this.clock.now()));
    const first = from ? parseDay(from) : new Date(last.getTime() - (DEFAULT_DAYS - 1) * DAY_MS);
    const days = Math.round((last.getTime() - first.getTime()) / DAY_MS) + 1;
    if (days < 1 || days > MAX_DAYS) throw new BadRequestException(ANALYTICS_MESSAGES.badRange);

    const rows = await this.events.dailyCounts(first, new Date(last.getTime() + DAY_MS));
    const byDay = new Map<string, EventCountsDto>();
    for (let i = 0; i < days; i++) byDay.set(dayOf(new Date(first.getTime() + i * DAY_MS)), zeroCounts());
    const totals = zeroCounts();
    for (const row of rows) {
      const counts = byDay.get(row.day);
      const event = row.event as AnalyticsEventName;
      if (!counts || !(event in counts)) continue;
      counts[event] += row.count;
      totals[event] += row.count;
    }
    return { from: dayOf(first), to: dayOf(last), days: [...byDay].map(([date, counts]) => ({ date, counts })), totals };
  }
}

function parseDay(value: string): Date {
  const date = new Date(`${value}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime()) || dayOf(date) !== value) throw new BadRequestException(ANALYTICS_MESSAGES.badDate);
  return date;
}
