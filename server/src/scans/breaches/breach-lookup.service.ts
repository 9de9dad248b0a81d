import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig, RequestRateLimit } from '../../common/config/app.config';
import { APP_CONFIG } from '../../common/config/config.module';
import { OutboundQueue } from '../../common/outbound/outbound-queue.service';
import { BREACH_SOURCE_IDS, BREACH_SOURCES, type BreachSourceId } from '../../vocabulary/breach-source.catalogue';
import type { PasteDetail } from '../../vocabulary/finding.types';
import { HibpSource } from '../sources/hibp.source';
import { failure, RATE_LIMIT_MESSAGE } from '../sources/source-http.util';
import type { BreachRecord, HibpPaste, SourceResult } from '../sources/source.types';
import { XposedOrNotSource } from '../sources/xposedornot.source';
import { BreachLookupCache } from './breach-lookup-cache.service';
import { fromHibp } from './breach-record.mapper';

/** What one breach source says about one address. */
export interface SourceExposure {
  breaches: BreachRecord[];
  /** Sources that report pastes: how many, and those it details. */
  pastes?: { count: number; details: PasteDetail[] };
}

export interface SourceLookup<T = SourceExposure> {
  result: SourceResult<T>;
  /** The answer came from the cache (no request was made). */
  cached: boolean;
}

export interface LookupContext {
  signal: AbortSignal;
  /** When the caller stops waiting (epoch ms): a queue turn later than this is not waited for. */
  deadline: number;
  /** The account whose scan or monitor asks (recorded with the cached answer, for account deletion). */
  userId?: string;
  /** The asker is the signed-in owner of this verified address: sources that tell only the owner (HIBP's pastes) are asked too. */
  owner?: boolean;
}

/** The cache entry of HIBP's pastes of an address (apart from its breaches: only owners ask for it). */
const HIBP_PASTES_CACHE = 'hibp-pastes';

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
  /**
   * When each source's queue last said its next turn comes (epoch ms, this process's clock): learnt
   * from a refused turn or a 429, forgotten on a granted turn. It lets a scan be refused before it
   * takes a scan slot or a database connection (`busyForSeconds`); the shared queue stays the rule.
   */
  private readonly freeAt = new Map<BreachSourceId, number>();

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

  /**
   * Seconds until enough breach sources can be asked for a complete answer (`required` of the
   * enabled ones: the caller's coverage rule, answer-coverage.rules.ts), when fewer are known to have a
   * turn now (their queue refused one, or they answered 429); undefined when enough may have one.
   * Asks no database: a cached answer for the address is not looked for.
   */
  busyForSeconds(required: (asked: number) => number, now = Date.now()): number | undefined {
    const sources = this.enabledSources();
    if (sources.length === 0) return undefined;
    const waits = sources.map((source) => Math.max(0, (this.freeAt.get(source) ?? 0) - now)).sort((a, b) => a - b);
    const needed = Math.min(sources.length, required(sources.length));
    const wait = waits[Math.max(1, needed) - 1];
    return wait > 0 ? Math.max(1, Math.ceil(wait / 1000)) : undefined;
  }

  async lookupAll(email: string, context: LookupContext): Promise<Record<BreachSourceId, SourceLookup>> {
    const [hibp, xposedornot] = await Promise.all(BREACH_SOURCE_IDS.map((source) => this.lookup(source, email, context)));
    return { hibp, xposedornot };
  }

  async lookup(source: BreachSourceId, email: string, context: LookupContext): Promise<SourceLookup> {
    if (!this.enabled(source)) return { result: await this.ask(source, email, context.signal), cached: false };
    return this.politely(source, source, email, context, (signal) => this.ask(source, email, signal));
  }

  /**
   * HIBP's pastes of an address (`pasteaccount`), for the signed-in owner of that verified address
   * only: through HIBP's queue (the key's limit counts every request) and its own cache entry.
   * Undefined when HIBP is not configured (nothing is asked).
   */
  async lookupHibpPastes(email: string, context: LookupContext): Promise<SourceLookup<PasteDetail[]> | undefined> {
    if (!this.hibp.configured) return undefined;
    return this.politely(HIBP_PASTES_CACHE, 'hibp', email, context, async (signal) => {
      const answer = await this.hibp.pasteAccount(email, signal);
      return answer.status === 'ok' ? { status: 'ok', data: answer.data.map(hibpPasteDetail) } : answer;
    });
  }

  /**
   * One answer about an address through its cache entry and its source's server-wide queue: a
   * fresh cached answer as it is; else a turn (refused as rate limited when it would come after the
   * deadline), the request, a back-off on 429, and the answer cached.
   */
  private async politely<T>(
    cacheKey: string,
    source: BreachSourceId,
    email: string,
    { signal, deadline, userId }: LookupContext,
    ask: (signal: AbortSignal) => Promise<SourceResult<T>>,
  ): Promise<SourceLookup<T>> {
    // The cache only saves requests: one that cannot be read (the database is busy) is a miss.
    const cached = await this.cache.get<T>(cacheKey, email, userId).catch((err: unknown) => this.warn('cache read', source, err));
    if (cached) return { result: { status: 'ok', data: cached }, cached: true };

    const refused = await this.waitForTurn(source, { signal, deadline });
    if (refused) return { result: refused, cached: false };

    const result = await ask(signal);
    await this.heard(source, result);
    if (result.status === 'ok') await this.cache.put(cacheKey, email, result.data, userId).catch((err: unknown) => this.warn('cache write', source, err));
    return { result, cached: false };
  }

  /**
   * Waits for the source's next turn in its server-wide queue (every request of the source's key
   * counts, whatever it asks): undefined when the request may go out now, else why it may not (rate
   * limited when the turn would come after the deadline, timed out, or no queue to ask).
   */
  async waitForTurn(source: BreachSourceId, { signal, deadline }: Pick<LookupContext, 'signal' | 'deadline'>): Promise<ReturnType<typeof failure> | undefined> {
    const startBy = deadline - requestTimeMs(deadline - Date.now());
    // Without a turn there is no request: the queue is what keeps every instance polite.
    const turn = await this.queue
      .turn({ service: source, limits: this.limits[source], startBy, signal })
      .catch((err: unknown) => this.warn('queue', source, err));
    if (!turn) return failure('unavailable', `${BREACH_SOURCES[source].name} could not be asked: its request queue is not available`);
    if (turn.status === 'aborted') return failure('timed_out', `${BREACH_SOURCES[source].name} did not answer in time`);
    if (turn.status === 'queue_full') {
      this.busyFor(source, turn.retryAfterSeconds);
      return failure('rate_limited', `${RATE_LIMIT_MESSAGE} (${BREACH_SOURCES[source].name}: too many lookups queued)`, turn.retryAfterSeconds);
    }
    if (turn.status === 'granted') this.freeAt.delete(source);
    return undefined;
  }

  /** After an answer: a 429 holds every instance back for the time the source asked. */
  async heard(source: BreachSourceId, result: { status: string; retryAfterSeconds?: number }): Promise<void> {
    if (result.status !== 'rate_limited') return;
    this.busyFor(source, result.retryAfterSeconds ?? 60);
    await this.queue.backOff(source, result.retryAfterSeconds ?? 60).catch((err: unknown) => this.warn('queue back-off', source, err));
  }

  private busyFor(source: BreachSourceId, seconds: number): void {
    this.freeAt.set(source, Math.max(this.freeAt.get(source) ?? 0, Date.now() + seconds * 1000));
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

/** Paste sites whose paste ids make a public link (https only). */
const PASTE_LINKS: Readonly<Record<string, (id: string) => string>> = {
  Pastebin: (id) => `https://pastebin.com/${encodeURIComponent(id)}`,
};

/** A paste HIBP lists for the address, as the result shows it; an ad-hoc URL's id is the URL it was found at. */
export function hibpPasteDetail(paste: HibpPaste): PasteDetail {
  const date = paste.Date ? paste.Date.slice(0, 10) : undefined;
  const link = PASTE_LINKS[paste.Source]?.(paste.Id) ?? (paste.Source === 'AdHocUrl' && /^https:\/\//i.test(paste.Id) ? paste.Id : undefined);
  return {
    source: 'hibp',
    site: paste.Source,
    id: paste.Id,
    ...(paste.Title ? { title: paste.Title } : {}),
    ...(date ? { date } : {}),
    ...(paste.EmailCount !== null ? { recordCount: paste.EmailCount } : {}),
    evidence: {
      summary: `Have I Been Pwned lists this address in a paste on ${paste.Source === 'AdHocUrl' ? 'a web page' : paste.Source}${date ? ` (${date})` : ''}${paste.EmailCount !== null ? ` with ${paste.EmailCount} addresses` : ''}`,
      observed: paste.Title ? `${paste.Source} ${paste.Id}: ${paste.Title}` : `${paste.Source} ${paste.Id}`,
      ...(link ? { url: link } : {}),
    },
  };
}
