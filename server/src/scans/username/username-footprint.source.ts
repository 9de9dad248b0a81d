import { Inject, Injectable } from '@nestjs/common';
import { setMaxListeners } from 'node:events';
import { Deadline } from '../../common/deadline.util';
import { AppConfig } from '../../common/config/app.config';
import { APP_CONFIG } from '../../common/config/config.module';
import { SafeFetcher } from '../../common/security/ssrf/safe.fetcher';
import { SafeFetchError } from '../../common/security/ssrf/safe-fetch.types';
import type { SocialPlatform } from '../../browser-shared/scan-input.rules';
import { PoliteRequestScheduler, SchedulerLane, TurnAborted } from './polite-request.scheduler';
import { classifyAnswer, RATE_LIMITED_REASON } from './site-answer.classifier';
import { substituteAccount, substituteBody } from './site-list.parser';
import { UsernameSiteListService } from './username-site-list.service';
import { listsUsed } from './site-list.credit';
import type { UsernameFootprint, UsernameOutcome, UsernameSite, UsernameSiteListInfo, UsernameSiteResult } from './username-site.types';
import { failure } from '../sources/source-http.util';
import type { SourceResult } from '../sources/source.types';
import { decodeBody } from '../sources/website.source';

/** The most of a site's answer we read: markers sit near the top; profile pages rarely need more. */
export const USERNAME_MAX_BODY_BYTES = 512 * 1024;
/** The most of a profile page handed on for reading personal data. */
export const USERNAME_PROFILE_MAX_CHARS = 200_000;
/** Handles on the sites we know use letters, digits, dots, hyphens and underscores, and are short. */
export const USERNAME_MAX_LENGTH = 64;
const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;

export const USERNAME_MESSAGES = {
  invalid: `This username cannot be checked: use 1 to ${USERNAME_MAX_LENGTH} letters, digits, dots, hyphens or underscores.`,
  timedOut: 'The username check took too long and was stopped.',
  noAnswer: (checked: number, lists?: UsernameSiteListInfo) =>
    `None of the ${checked} sites${lists ? ` (${listsUsed(lists)})` : ''} gave a usable answer (timeouts, rate limits, bot walls or unexpected answers).`,
  allRateLimited: (checked: number, lists?: UsernameSiteListInfo) =>
    `Every one of the ${checked} sites${lists ? ` (${listsUsed(lists)})` : ''} answered "too many requests" (HTTP 429). Please try again later.`,
} as const;

export interface UsernameCheckOptions {
  /** The scan's signal: when it aborts, requests in flight and waiting are given up. */
  signal: AbortSignal;
  /** Only the sites of this platform (a profile URL of a known platform was entered). */
  onlyPlatform?: SocialPlatform;
  /**
   * Answer by this time (epoch ms) with what is known: sites not answered by then are unknown
   * ('not answered before the check ran out of time'), the rest stand. A long site list in a short
   * scan still gives its hits rather than nothing.
   */
  answerBy?: number;
}

/** The handle to check (without a leading '@'), or undefined when it is not one we send to sites. */
export function normalizeUsername(raw: string): string | undefined {
  const name = raw.trim().replace(/^@/, '');
  if (name.length === 0 || name.length > USERNAME_MAX_LENGTH || !USERNAME_PATTERN.test(name)) return undefined;
  // At least one letter or digit: '...' or '-' is no one's handle.
  return /[A-Za-z0-9]/.test(name) ? name : undefined;
}

/** Outcomes in the order people read them: found first, then undecided, then not found. */
const OUTCOME_ORDER: Record<UsernameOutcome, number> = { hit: 0, unknown: 1, miss: 2 };

/**
 * The username footprint: is this handle taken on each site of the list (UsernameSiteListService:
 * built-in plus configured, in the WhatsMyName format)? Every request goes through the SSRF guard
 * (SafeFetcher) with redirects not followed, a capped body and a per-request time limit; at most
 * USERNAME_CHECK_CONCURRENCY requests are in flight across the process, shared in turn between the
 * scans checking at once (polite-request.scheduler.ts), and never two to one host.
 * Each site is a hit, a miss or unknown (site-answer.classifier.ts). Never throws; the username is
 * never logged.
 */
@Injectable()
export class UsernameFootprintSource {
  private readonly scheduler: PoliteRequestScheduler;
  /** Requests in flight now, per site entry and request (askShared). */
  private readonly asking = new WeakMap<UsernameSite, Map<string, SharedAnswer>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly fetcher: SafeFetcher,
    private readonly siteList: UsernameSiteListService,
  ) {
    this.scheduler = new PoliteRequestScheduler(config.username.concurrency);
  }

  /**
   * Asks every site (of `onlyPlatform`, when given) about `username`. 'ok' with one result per site
   * asked (hits first); 'unavailable' when the name cannot be sent or no site answered usably (all
   * unknown: the check could not run, which is not a clean result); 'timed_out' when the scan's
   * signal aborted first.
   */
  async check(username: string, options: UsernameCheckOptions): Promise<SourceResult<UsernameFootprint>> {
    const { onlyPlatform } = options;
    const name = normalizeUsername(username);
    if (name === undefined) return failure('unavailable', USERNAME_MESSAGES.invalid);
    if (options.signal.aborted) return failure('timed_out', USERNAME_MESSAGES.timedOut);

    const { sites: all, list } = await this.siteList.inUse();
    const sites = onlyPlatform ? all.filter((site) => site.platform === onlyPlatform) : all;
    // One listener on the caller's signal; every site's wait and request listens to this one.
    const check = new AbortController();
    setMaxListeners(0, check.signal);
    const stop = () => check.abort();
    options.signal.addEventListener('abort', stop, { once: true });
    const answerTimer = options.answerBy === undefined ? undefined : setTimeout(stop, Math.max(0, options.answerBy - Date.now()));
    const { signal } = check;
    // This check's own queue: the global slots go round the scans in turn, so a scan started
    // behind a busy one is not left waiting for all of its requests.
    const lane = this.scheduler.lane();
    let results: UsernameSiteResult[];
    try {
      results = (await Promise.all(sites.map((site) => this.checkSite(lane, site, name, signal)))).filter(
        (result): result is UsernameSiteResult => result !== undefined,
      );
    } finally {
      options.signal.removeEventListener('abort', stop);
      clearTimeout(answerTimer);
    }
    if (options.signal.aborted) return failure('timed_out', USERNAME_MESSAGES.timedOut);
    const builtIn = results.filter((result) => result.origin === 'built-in').length;
    const lists: UsernameSiteListInfo = { builtIn, configured: results.length - builtIn, list };
    if (results.length > 0 && results.every((result) => result.outcome === 'unknown')) {
      // Every site turning us away with 429 is a rate limit (worth a later retry), not an outage.
      if (results.every((result) => result.reason === RATE_LIMITED_REASON)) return failure('rate_limited', USERNAME_MESSAGES.allRateLimited(results.length, lists));
      return failure('unavailable', USERNAME_MESSAGES.noAnswer(results.length, lists));
    }
    results.sort((a, b) => OUTCOME_ORDER[a.outcome] - OUTCOME_ORDER[b.outcome] || a.site.localeCompare(b.site));
    return { status: 'ok', data: { checked: results.length, sites: results, lists } };
  }

  /** One site's answer; undefined when the name cannot be put in its request (nothing of it left after its bad characters). */
  private async checkSite(lane: SchedulerLane, site: UsernameSite, name: string, signal: AbortSignal): Promise<UsernameSiteResult | undefined> {
    const url = substituteAccount(site.uriCheck, name, site.stripBadChar);
    const body = site.postBody === undefined ? undefined : substituteBody(site.postBody, name, site.stripBadChar);
    if (url === undefined || (site.postBody !== undefined && body === undefined)) return undefined;
    const shown = (site.uriPretty && substituteAccount(site.uriPretty, name, site.stripBadChar)) || url;
    const base = {
      site: site.name,
      category: site.category,
      origin: site.origin ?? 'built-in',
      ...(site.platform ? { platform: site.platform } : {}),
      url: shown,
      ...(url !== shown ? { askedUrl: url } : {}),
      ...(body !== undefined ? { askedMethod: 'POST' as const } : {}),
    };
    try {
      return { ...base, ...(await this.askShared(lane, site, url, body, signal)) };
    } catch (err) {
      if (err instanceof TurnAborted) return { ...base, outcome: 'unknown', reason: 'not asked: the check ran out of time' };
      throw err;
    }
  }

  /**
   * The site's answer to this exact request, asked once however many scans want it at the same
   * time (four people scanning one handle at once cost the site one request, not four, and get one
   * answer). The request runs in the lane of the scan that asked first, and is given up only when
   * every scan waiting for it has given up. Nothing is kept once it has settled: this is not a cache.
   */
  private askShared(lane: SchedulerLane, site: UsernameSite, url: string, body: string | undefined, signal: AbortSignal): Promise<SiteAnswer> {
    let perSite = this.asking.get(site);
    if (!perSite) this.asking.set(site, (perSite = new Map()));
    const key = body === undefined ? `GET ${url}` : `POST ${url}\n${body}`;
    let shared = perSite.get(key);
    if (!shared) {
      const controller = new AbortController();
      setMaxListeners(0, controller.signal);
      const entry: SharedAnswer = { waiting: 0, started: false, controller, answer: Promise.resolve({ outcome: 'unknown', reason: '' }) };
      entry.answer = lane.run(new URL(url).host, controller.signal, () => {
        entry.started = true;
        return this.ask(site, url, body, controller.signal);
      });
      const table = perSite;
      // Off the table once settled, whatever the outcome (a later scan asks afresh).
      void entry.answer.then(
        () => table.delete(key),
        () => table.delete(key),
      );
      perSite.set(key, entry);
      shared = entry;
    }
    return joinAnswer(shared, signal);
  }

  private async ask(site: UsernameSite, url: string, body: string | undefined, signal: AbortSignal): Promise<SiteAnswer> {
    const timeoutMs = this.config.username.requestTimeoutMs;
    // A timer of our own, cleared when the request ends: it starts when the request does (not while queued).
    const expiry = new Deadline(timeoutMs, signal);
    const requestSignal = expiry.signal;
    try {
      const { userAgent, headers } = requestHeaders(site);
      const res = await this.fetcher.fetch(url, {
        signal: requestSignal,
        ...(body !== undefined ? { method: 'POST', body } : { method: 'GET' }),
        // Many sites answer a missing account with a redirect: the 3xx itself is the answer.
        followRedirects: false,
        maxBodyBytes: USERNAME_MAX_BODY_BYTES,
        headers,
        ...(userAgent !== undefined ? { userAgent } : {}),
      });
      const text = decodeBody(res.body, res.headers['content-type']?.[0] ?? '');
      const { outcome, reason } = classifyAnswer(site, {
        status: res.status,
        body: text,
        truncated: res.truncated,
        url,
        ...(res.headers.location?.[0] !== undefined ? { location: res.headers.location[0] } : {}),
      });
      const profileHtml = outcome === 'hit' && site.profilePage ? text.slice(0, USERNAME_PROFILE_MAX_CHARS) : undefined;
      return { outcome, reason, httpStatus: res.status, ...(profileHtml !== undefined ? { profileHtml } : {}) };
    } catch (err) {
      return { outcome: 'unknown', reason: failureReason(err, signal, timeoutMs) };
    } finally {
      expiry.clear();
    }
  }
}

const NOT_ANSWERED_IN_TIME = 'not answered before the check ran out of time';

/** What a site said, before the scan's own fields (site, URLs) are added. */
type SiteAnswer = Omit<UsernameSiteResult, 'site' | 'category' | 'origin' | 'platform' | 'url' | 'askedUrl' | 'askedMethod'>;

/** One request several scans wait for: aborted when the last of them stops waiting. */
interface SharedAnswer {
  answer: Promise<SiteAnswer>;
  /** The request has been sent (not only queued). */
  started: boolean;
  waiting: number;
  controller: AbortController;
}

/**
 * Waits for a shared answer on behalf of one scan: its own abort ends its wait, not the others'
 * (TurnAborted while the request was still queued; 'not answered' once it was sent).
 */
function joinAnswer(shared: SharedAnswer, signal: AbortSignal): Promise<SiteAnswer> {
  if (signal.aborted) {
    if (shared.waiting === 0) shared.controller.abort();
    return Promise.reject(new TurnAborted());
  }
  shared.waiting += 1;
  return new Promise<SiteAnswer>((resolve, reject) => {
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      signal.removeEventListener('abort', onAbort);
      shared.waiting -= 1;
    };
    const onAbort = () => {
      leave();
      if (shared.waiting === 0) shared.controller.abort();
      if (shared.started) resolve({ outcome: 'unknown', reason: NOT_ANSWERED_IN_TIME });
      else reject(new TurnAborted());
    };
    signal.addEventListener('abort', onAbort, { once: true });
    shared.answer.then(
      (answer) => {
        leave();
        resolve(answer);
      },
      (err: unknown) => {
        leave();
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

/**
 * The entry's own request headers over our defaults, its User-Agent apart (the guard sends ours
 * unless told otherwise). The guard drops those it owns (Host, Connection, TE, …).
 */
function requestHeaders(site: UsernameSite): { userAgent?: string; headers: Record<string, string> } {
  const headers: Record<string, string> = { accept: 'text/html,application/json;q=0.9,*/*;q=0.5', 'accept-language': 'en;q=0.9, *;q=0.5' };
  let userAgent: string | undefined;
  for (const [name, value] of Object.entries(site.headers ?? {})) {
    const lower = name.toLowerCase();
    if (lower === 'user-agent') userAgent = value;
    else headers[lower] = value;
  }
  return { ...(userAgent !== undefined ? { userAgent } : {}), headers };
}

/** Why a site gave no answer, in words for people (the guard's sentences; no address or name). */
function failureReason(err: unknown, scanSignal: AbortSignal, timeoutMs: number): string {
  const kind = err instanceof SafeFetchError ? err.kind : undefined;
  if (scanSignal.aborted) return NOT_ANSWERED_IN_TIME;
  if (kind === 'timed_out') return `timed out after ${formatSeconds(timeoutMs)}`;
  if (kind === 'refused') return `not asked: ${err instanceof Error ? err.message : ''}`.trim();
  if (err instanceof SafeFetchError) return `no answer: ${err.message}`;
  return 'no answer: the site could not be reached';
}

function formatSeconds(ms: number): string {
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}
