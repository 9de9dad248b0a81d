import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { getDomain } from 'tldts';
import { AppConfig } from '../../common/config/app.config';
import { APP_CONFIG } from '../../common/config/config.module';
import { withDeadline } from '../../common/deadline.util';
import { sourceGet } from '../sources/source-http.util';
import type { TrackerListInUse } from './tracker-list.credit';
import type { ListedTracker } from './tracker-list.parser';
import { FILTER_LIST_CATEGORY, FILTER_LIST_COMPANY, TRACKER_CATALOGUE, TrackerEntry } from './tracker.catalogue';

/** The name used in messages about the filter-list download. */
export const FILTER_LIST_SERVICE = 'Tracker filter list';
/** Large public lists are a few megabytes; anything far bigger is not what we were told to load. */
export const MAX_FILTER_LIST_BYTES = 16 * 1024 * 1024;
/** More domains than any real list holds; the rest of a larger file is ignored. */
export const MAX_FILTER_LIST_DOMAINS = 500_000;
const FILTER_LIST_TIMEOUT_MS = 60_000;

/** Options a simple domain rule may carry and still mean "this domain tracks, everywhere". */
const ACCEPTED_OPTIONS = new Set([
  'third-party', '3p', 'all', 'important', 'match-case',
  'script', 'image', 'stylesheet', 'css', 'subdocument', 'frame', 'xmlhttprequest', 'xhr', 'ping', 'beacon',
  'media', 'font', 'object', 'websocket', 'other', 'document', 'doc',
]);

export interface ParsedFilterList {
  /** Lower-case ASCII registrable domains or hosts, in list order, without repeats. */
  domains: string[];
  /** Rule lines skipped: neither a simple domain rule nor a blocking hosts line (comments, blanks and local names not counted). */
  ignored: number;
}

/**
 * The domains of a filter list: the simple network rules of Adblock syntax, `||example.com^`,
 * optionally with options that keep the rule site-wide (`$third-party`, resource types), and the
 * blocking lines of a hosts file (`0.0.0.0 example.com`, `127.0.0.1 a.example b.example`).
 * Everything else is ignored: comments, cosmetic rules (`##`, `#@#`, `#?#`…), exceptions (`@@`),
 * regular expressions, rules with a path or wildcard, rules limited to some sites (`domain=`) or
 * to first-party use, hosts lines pointing elsewhere than a blackhole address, and domains that
 * are a bare public suffix (`||co.uk^`), an IP address or a local name.
 */
export function parseFilterList(text: string, maxDomains = MAX_FILTER_LIST_DOMAINS): ParsedFilterList {
  const domains = new Set<string>();
  let ignored = 0;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || isComment(line)) continue;
    const found = line.startsWith('||') ? [simpleRuleDomain(line)] : hostsLineDomains(line);
    const valid = found.filter((domain): domain is string => domain !== undefined);
    if (valid.length === 0) {
      // A hosts line for localhost and the like is part of every hosts file, not a rule we missed.
      if (!HOSTS_LINE.test(line)) ignored += 1;
      continue;
    }
    for (const domain of valid) {
      if (domains.size >= maxDomains) return { domains: [...domains], ignored };
      domains.add(domain);
    }
  }
  return { domains: [...domains], ignored };
}

/** `!` comments and `[Adblock Plus 2.0]` headers; `#` comments of hosts files (but not `##` cosmetic rules). */
function isComment(line: string): boolean {
  return line.startsWith('!') || line.startsWith('[') || (line.startsWith('#') && !/^#[@?$%]?#/.test(line));
}

/** A hosts-file line sending names to a blackhole address (never to a real server). */
const HOSTS_LINE = /^(?:0\.0\.0\.0|127\.0\.0\.1|::1?|0)\s+(.+)$/;
const LOCAL_NAMES = new Set(['localhost', 'localhost.localdomain', 'local', 'broadcasthost', 'ip6-localhost', 'ip6-loopback']);

function hostsLineDomains(line: string): (string | undefined)[] {
  const match = HOSTS_LINE.exec(line);
  if (!match) return [];
  const names = match[1].replace(/#.*$/, '').trim().split(/\s+/);
  return names.map((name) => (LOCAL_NAMES.has(name.toLowerCase()) ? undefined : normalizeDomain(name)));
}

function simpleRuleDomain(line: string): string | undefined {
  const dollar = line.indexOf('$');
  const pattern = dollar === -1 ? line : line.slice(0, dollar);
  if (dollar !== -1 && !acceptedOptions(line.slice(dollar + 1))) return undefined;
  // `||host^` and nothing else: a path, a wildcard or a missing `^` makes it a URL pattern.
  const match = /^\|\|([^/^*|$]+)\^\|?$/.exec(pattern);
  if (!match) return undefined;
  return normalizeDomain(match[1]);
}

function acceptedOptions(options: string): boolean {
  if (options === '') return false;
  return options.split(',').every((option) => {
    const name = option.trim().toLowerCase();
    // A negated resource type (~image) narrows the rule but keeps it about the domain; ~third-party means first-party only.
    const bare = name.startsWith('~') ? name.slice(1) : name;
    if (name.startsWith('~') && (bare === 'third-party' || bare === '3p')) return false;
    return ACCEPTED_OPTIONS.has(bare);
  });
}

/** Lower-case ASCII, no trailing dot; undefined for IPs, single labels and bare public suffixes. */
function normalizeDomain(value: string): string | undefined {
  const ascii = domainToASCII(value.trim().toLowerCase().replace(/\.$/, ''));
  if (ascii === '' || isIP(ascii) !== 0 || !/^[a-z0-9_-]+(\.[a-z0-9_-]+)+$/.test(ascii)) return undefined;
  if (getDomain(ascii, { allowPrivateDomains: true }) === null) return undefined;
  return ascii;
}

export type FilterListOutcome =
  | { status: 'loaded'; added: number; ignored: number }
  | { status: 'failed'; error: string }
  | { status: 'not_configured' };

/**
 * The tracker catalogue the website check matches third-party requests against, from three parts:
 * - the fetched tracker list (third-party-web's, TRACKER_LIST_URL; tracker-list.service.ts keeps
 *   it current), which names tracker domains and their companies;
 * - our own entries (tracker.catalogue.ts): what the list lacks (session recorders, fingerprinting,
 *   pixel and remarketing hosts, current company names) and the whole catalogue when the list is off
 *   or not fetched yet;
 * - optionally a filter list (Adblock or hosts syntax, TRACKER_FILTER_LIST_URL), downloaded once at
 *   start, which says "block" but not who or why.
 * Lookups walk the host and its parent domains (O(labels)). Between the list and our entries the
 * most specific domain wins, and on the same domain our entry wins: ours are product-level
 * (connect.facebook.net is the Meta Pixel, hotjar.com a session recorder) where the list has one
 * entry per company or product family. Either beats a filter-list domain.
 */
@Injectable()
export class TrackerCatalogueService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(TrackerCatalogueService.name);
  private readonly builtIn: ReadonlyMap<string, TrackerEntry>;
  /** Replaced whole on each load, so a lookup never sees a half-built list. */
  private listed: ReadonlySet<string> = new Set();
  /** The fetched tracker list: exact hosts, and domains listed as `*.domain` (the domain and every host under it). */
  private trackerList: { hosts: ReadonlyMap<string, TrackerEntry>; domains: ReadonlyMap<string, TrackerEntry>; inUse: TrackerListInUse } | undefined;
  private running?: Promise<FilterListOutcome>;
  private readonly stopping = new AbortController();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.builtIn = new Map(TRACKER_CATALOGUE.map((entry) => [entry.domain, entry]));
  }

  /** The configured list (TRACKER_FILTER_LIST_URL), if any. */
  get filterListUrl(): string | undefined {
    return this.config.sources.trackerFilterListUrl?.trim() || undefined;
  }

  /** Built-in entries plus the filter-list domains that add something. */
  get size(): number {
    return this.builtIn.size + this.listed.size;
  }

  get filterListSize(): number {
    return this.listed.size;
  }

  /** Trackers taken from the fetched list (0 when it is off or not loaded). */
  get trackerListSize(): number {
    return this.trackerList ? new Set([...this.trackerList.hosts.values(), ...this.trackerList.domains.values()].map((e) => e.name)).size : 0;
  }

  /** The fetched list in use and when it was fetched; undefined while our own catalogue serves alone. */
  trackerListInUse(): TrackerListInUse | undefined {
    return this.trackerList?.inUse;
  }

  /** Replaces the fetched-list part (tracker-list.service.ts calls it after a refresh or a read of the stored copy). */
  useTrackerList(trackers: readonly ListedTracker[], inUse: TrackerListInUse): void {
    const hosts = new Map<string, TrackerEntry>();
    const domains = new Map<string, TrackerEntry>();
    for (const tracker of trackers) {
      for (const listed of tracker.domains) {
        const wildcard = listed.startsWith('*.');
        const domain = wildcard ? listed.slice(2) : listed;
        const entry: TrackerEntry = { domain, company: tracker.company, category: tracker.category, name: tracker.name, listed: true };
        const into = wildcard ? domains : hosts;
        if (!into.has(domain)) into.set(domain, entry);
      }
    }
    this.trackerList = { hosts, domains, inUse };
  }

  /** Back to our own catalogue alone (the list was turned off, or its stored copy is from another URL). */
  dropTrackerList(): void {
    this.trackerList = undefined;
  }

  /** The entry for a host (any case, trailing dot allowed): see the class comment for which part answers. */
  match(host: string): TrackerEntry | undefined {
    const name = normalizeHost(host);
    if (name === '') return undefined;
    const known = this.mostSpecific(name);
    if (known || this.listed.size === 0) return known;
    for (let domain: string | undefined = name; domain !== undefined; domain = parentOf(domain)) {
      if (this.listed.has(domain)) return { domain, company: FILTER_LIST_COMPANY, category: FILTER_LIST_CATEGORY };
    }
    return undefined;
  }

  /** Tests load lists explicitly; in development and production the configured one loads at start. */
  onApplicationBootstrap(): void {
    if (this.config.env === 'test' || !this.filterListUrl) return;
    // Not awaited: start-up never waits for (or fails because of) the download.
    void this.loadFilterList();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping.abort();
    await this.running;
  }

  /** The load in progress, if any (tests and health checks can wait for it). */
  get loading(): Promise<FilterListOutcome> | undefined {
    return this.running;
  }

  /**
   * Downloads the filter list (the configured one by default) and replaces the filter-list part of
   * the catalogue. Never throws: a failure is logged and keeps what was loaded before. One load at
   * a time: a second call while one runs shares it.
   */
  loadFilterList(url = this.filterListUrl): Promise<FilterListOutcome> {
    if (!this.running) {
      this.running = this.download(url).finally(() => (this.running = undefined));
    }
    return this.running;
  }

  /** Replaces the filter-list part with the domains of `text`; returns how many were added. */
  useFilterList(text: string): { added: number; ignored: number } {
    const { domains, ignored } = parseFilterList(text);
    // Domains our own catalogue already answers for would never be used: do not keep them.
    const added = domains.filter((domain) => this.lookUpBuiltIn(domain) === undefined);
    this.listed = new Set(added);
    return { added: added.length, ignored };
  }

  /** Walks from the host up: the first domain either part knows answers, our entry first on a tie. */
  private mostSpecific(name: string): TrackerEntry | undefined {
    const list = this.trackerList;
    for (let domain: string | undefined = name; domain !== undefined; domain = parentOf(domain)) {
      const entry = this.builtIn.get(domain) ?? (list && ((domain === name ? list.hosts.get(domain) : undefined) ?? list.domains.get(domain)));
      if (entry) return entry;
    }
    return undefined;
  }

  private lookUpBuiltIn(name: string): TrackerEntry | undefined {
    for (let domain: string | undefined = name; domain !== undefined; domain = parentOf(domain)) {
      const entry = this.builtIn.get(domain);
      if (entry) return entry;
    }
    return undefined;
  }

  private async download(url: string | undefined): Promise<FilterListOutcome> {
    if (!url) return { status: 'not_configured' };
    const answer = await withDeadline(FILTER_LIST_TIMEOUT_MS, [this.stopping.signal], (signal) =>
      sourceGet({
        service: FILTER_LIST_SERVICE,
        url,
        userAgent: this.config.sources.userAgent,
        signal,
        headers: { accept: 'text/plain' },
        maxBytes: MAX_FILTER_LIST_BYTES,
      }),
    );
    let outcome: FilterListOutcome;
    if (answer.status !== 'ok') {
      outcome = { status: 'failed', error: answer.message };
    } else if (answer.data.status !== 200) {
      outcome = { status: 'failed', error: `${FILTER_LIST_SERVICE} answered with HTTP ${answer.data.status}` };
    } else {
      outcome = { status: 'loaded', ...this.useFilterList(answer.data.text) };
    }
    if (outcome.status === 'loaded') {
      this.logger.log(`tracker filter list loaded: ${outcome.added} domains added, ${outcome.ignored} rules ignored`);
    } else if (outcome.status === 'failed') {
      this.logger.warn(`tracker filter list not loaded, keeping the catalogue as it was: ${outcome.error}`);
    }
    return outcome;
  }
}

function normalizeHost(host: string): string {
  const lower = host.trim().toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}

/** `a.b.example.com` → `b.example.com`; undefined once no dot is left. */
function parentOf(domain: string): string | undefined {
  const dot = domain.indexOf('.');
  return dot === -1 ? undefined : domain.slice(dot + 1);
}
