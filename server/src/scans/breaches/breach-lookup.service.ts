import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig, RequestRateLimit } from '../../common/config/app-config';
import { APP_CONFIG } from '../../common/config/config.module';
import { OutboundQueue } from '../../common/outbound/outbound-queue.service';
import { BREACH_SOURCE_IDS, BREACH_SOURCES, type BreachSourceId } from '../../vocabulary/breach-source.catalogue';
import type { PasteDetail } from '../../vocabulary/finding.types';
import { HibpSource } from '../sources/hibp.source';
import { failure, RATE_LIMIT_MESSAGE } from '../sources/source-http';
import type { BreachRecord, SourceResult } from '../sources/source-types';
import { XposedOrNotSource } from '../sources/xposedornot.source';
import { BreachLookupCache } from './breach-lookup-cache.service';
import { fromHibp } from './breach-record';

/** What one breach source says about one address. */
export interface SourceExposure {
  breaches: BreachRecord[];
  /** Sources that report pastes: how many, and those it details. */
  pastes?: { count: number; details: PasteDetail[] };
}

export interface SourceLookup {
  result: SourceResult<SourceExposure>;
  /** The answer came from the cache (no request was made). */
  cached: boolean;
}

export interface LookupContext {
  signal: AbortSignal;
  /** When the caller stops waiting (epoch ms): a queue turn later than this is not waited for. */
  deadline: number;
  /** The account whose scan or monitor asks (recorded with the cached answer, for account deletion). */
  userId?: string;
}

/** The request itself needs time after its turn: at most a second, less for short budgets. */
const requestTimeMs = (budgetMs: number) => Math.min(1_000, Math.max(0, Math.floor(budgetMs / 4)));

/**
 * Asks every breach source about an address, each through its cache entry and its server-wide
 * queue: a fresh cached answer is used as it is; otherwise the request waits for its source's turn
 * (refused with "rate limited, try again in N s" when the turn would come after the deadline),
 * a 429 holds every instance back for the time the source asked, and an answer is cached.
 */
@Injectable()
export class BreachLookupService {
  private readonly logger = new Logger(BreachLookupService.name);
  private readonly limits: Record<BreachSourceId, readonly RequestRateLimit[]>;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly hibp: HibpSource,
    private readonly xposedOrNot: XposedOrNotSource,
    private readonly cache: BreachLookupCache,
    private readonly queue: OutboundQueue,
  ) {
    this.limits = { hibp: config.sources.hibp.rateLimits, xposedornot: config.sources.xposedOrNot.rateLimits };
  }

  /** The sources that would be asked (configured and switched on). */
  enabledSources(): BreachSourceId[] {
    return BREACH_SOURCE_IDS.filter((source) => this.enabled(source));
  }

  async lookupAll(email: string, context: LookupContext): Promise<Record<BreachSourceId, SourceLookup>> {
    const [hibp, xposedornot] = await Promise.all(BREACH_SOURCE_IDS.map((source) => this.lookup(source, email, context)));
    return { hibp, xposedornot };
  }

  async lookup(source: BreachSourceId, email: string, { signal, deadline, userId }: LookupContext): Promise<SourceLookup> {
    if (!this.enabled(source)) return { result: await this.ask(source, email, signal), cached: false };
    // The cache only saves requests: one that cannot be read (the database is busy) is a miss.
    const cached = await this.cache.get<SourceExposure>(source, email, userId).catch((err: unknown) => this.warn('cache read', source, err));
    if (cached) return { result: { status: 'ok', data: cached }, cached: true };

    const startBy = deadline - requestTimeMs(deadline - Date.now());
    // Without a turn there is no request: the queue is what keeps every instance polite.
    const turn = await this.queue
      .turn({ service: source, limits: this.limits[source], startBy, signal })
      .catch((err: unknown) => this.warn('queue', source, err));
    if (!turn) return { result: failure('unavailable', `${BREACH_SOURCES[source].name} could not be asked: its request queue is not available`), cached: false };
    if (turn.status === 'aborted') return { result: failure('timed_out', `${BREACH_SOURCES[source].name} did not answer in time`), cached: false };
    if (turn.status === 'queue_full') {
      return { result: failure('rate_limited', `${RATE_LIMIT_MESSAGE} (${BREACH_SOURCES[source].name}: too many lookups queued)`, turn.retryAfterSeconds), cached: false };
    }

    const result = await this.ask(source, email, signal);
    if (result.status === 'rate_limited') await this.queue.backOff(source, result.retryAfterSeconds ?? 60).catch((err: unknown) => this.warn('queue back-off', source, err));
    if (result.status === 'ok') await this.cache.put(source, email, result.data, userId).catch((err: unknown) => this.warn('cache write', source, err));
    return { result, cached: false };
  }

  /** Logs a database failure around a lookup (never the address) and answers undefined. */
  private warn(what: string, source: BreachSourceId, err: unknown): undefined {
    this.logger.warn(`breach lookup ${what} failed: source=${source} error=${err instanceof Error ? err.name : 'unknown'}`);
    return undefined;
  }

  private enabled(source: BreachSourceId): boolean {
    return source === 'hibp' ? this.hibp.configured : this.xposedOrNot.enabled;
  }

  private async ask(source: BreachSourceId, email: string, signal: AbortSignal): Promise<SourceResult<SourceExposure>> {
    if (source === 'hibp') {
      const answer = await this.hibp.breachedAccount(email, signal);
      return answer.status === 'ok' ? { status: 'ok', data: { breaches: answer.data.map(fromHibp) } } : answer;
    }
    const answer = await this.xposedOrNot.breachAnalytics(email, signal);
    if (answer.status !== 'ok') return answer;
    const { breaches, pasteCount, pastes } = answer.data;
    return {
      status: 'ok',
      data: {
        breaches,
        pastes: {
          count: pasteCount,
          details: pastes.map((paste): PasteDetail => ({
            source: 'xposedornot',
            id: paste.id,
            ...(paste.date ? { date: paste.date } : {}),
            ...(paste.recordCount !== undefined ? { recordCount: paste.recordCount } : {}),
            evidence: {
              summary: `XposedOrNot lists this address in paste ${paste.id}${paste.date ? ` (${paste.date})` : ''}`,
            },
          })),
        },
      },
    };
  }
}
