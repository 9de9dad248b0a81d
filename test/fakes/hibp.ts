import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { HibpBreach, HibpPaste } from '../../server/src/scans/sources/source.types';
import { FakeAnswer, HttpFake } from './http-fake';

export type HibpRoute = 'breachedaccount' | 'pasteaccount' | 'breacheddomain' | 'subscribeddomains' | 'subscription' | 'breaches' | 'range';

/** A paste record for tests (an invented Pastebin id). */
export function samplePaste(overrides: Partial<HibpPaste> = {}): HibpPaste {
  return { Source: 'Pastebin', Id: 'Tk2qX9aB', Title: 'combo list', Date: '2024-02-11T08:15:00Z', EmailCount: 1204, ...overrides };
}

/** A domain verified on the fake's dashboard for its key: its breached aliases, and HIBP's count of them. */
export interface FakeHibpDomain {
  /** alias (the part before the @) → breach names. */
  aliases: Record<string, string[]>;
  /** PwnCountExcludingSpamLists as HIBP reports it (default: the number of aliases). */
  pwnCount?: number;
}

/**
 * A breach record for tests. Every default is invented (a made-up shop on a reserved `.example`
 * domain): nothing here comes from HIBP's data.
 */
export function sampleBreach(overrides: Partial<HibpBreach> = {}): HibpBreach {
  return {
    Name: 'LanternMarket',
    Title: 'Lantern Market',
    Domain: 'lanternmarket.example',
    BreachDate: '2021-03-14',
    AddedDate: '2021-05-02T09:30:00Z',
    ModifiedDate: '2021-05-02T09:30:00Z',
    PwnCount: 48213,
    Description: 'In March 2021 the invented online store <em>Lantern Market</em> exposed its customer database.',
    DataClasses: ['Email addresses', 'Passwords', 'Names'],
    IsVerified: true,
    IsFabricated: false,
    IsSensitive: false,
    IsRetired: false,
    IsSpamList: false,
    IsMalware: false,
    IsStealerLog: false,
    IsSubscriptionFree: false,
    ...overrides,
  };
}

/** A second invented breach, of usernames rather than passwords (a lower risk than sampleBreach's). */
export function northwindBreach(overrides: Partial<HibpBreach> = {}): HibpBreach {
  return sampleBreach({
    Name: 'NorthwindForum',
    Title: 'Northwind Forum',
    Domain: 'northwindforum.example',
    BreachDate: '2019-11-02',
    PwnCount: 1204,
    Description: 'The invented Northwind Forum leaked profile data.',
    DataClasses: ['Email addresses', 'Usernames'],
    ...overrides,
  });
}

/** Padded range answers have between these many lines (the real service pads to 800–1,000). */
const PADDED_LINES = { min: 300, max: 400 };

/**
 * Have I Been Pwned on 127.0.0.1: API v3 under `/api/v3` (`/breachedaccount/{account}` checks the
 * hibp-api-key header and honours truncateResponse; `/pasteaccount/{account}`; the domain search:
 * `/subscribeddomains` (the domains verified for the key), `/subscription/status` and
 * `/breacheddomain/{domain}` (403 for a domain not verified for the key, 404 when none is breached);
 * `/breaches`, optionally `?domain=`), and the Pwned Passwords range API (`/range/{prefix}`,
 * CRLF-separated upper-case `SUFFIX:COUNT` lines, zero-count padding lines with `Add-Padding: true`).
 */
export class FakeHibp extends HttpFake<HibpRoute> {
  /** The key breachedaccount accepts; any other (or none) answers 401. */
  apiKey = 'fake-hibp-key';
  /** What GET /breaches answers. */
  catalogue: HibpBreach[] = [];
  private readonly accounts = new Map<string, HibpBreach[]>();
  private readonly pastes = new Map<string, HibpPaste[]>();
  /** Domains verified on the key's dashboard, with their breached aliases. */
  readonly domains = new Map<string, FakeHibpDomain>();
  /** What `/subscription/status` answers; DomainSearchMaxBreachedAccounts null: no limit. */
  subscription: { SubscriptionName: string; DomainSearchMaxBreachedAccounts: number | null } = { SubscriptionName: 'Pwned 4', DomainSearchMaxBreachedAccounts: null };
  /** SHA-1 prefix → (suffix → count). */
  private readonly hashes = new Map<string, Map<string, number>>();

  get apiUrl(): string {
    return `${this.baseUrl}/api/v3`;
  }

  get passwordsUrl(): string {
    return this.baseUrl;
  }

  /** The environment pointing the app's HIBP and Pwned Passwords sources here. */
  get env(): Record<string, string> {
    return { HIBP_API_URL: this.apiUrl, HIBP_API_KEY: this.apiKey, PWNED_PASSWORDS_URL: this.passwordsUrl };
  }

  /** The breaches an address is in (compared case-insensitively, as HIBP does). */
  setBreaches(account: string, breaches: HibpBreach[]): this {
    this.accounts.set(account.trim().toLowerCase(), breaches);
    return this;
  }

  /** The pastes an address is in. */
  setPastes(account: string, pastes: HibpPaste[]): this {
    this.pastes.set(account.trim().toLowerCase(), pastes);
    return this;
  }

  /** Verifies a domain for the key (as HIBP's dashboard does) with its breached aliases; undefined removes it. */
  setDomain(domain: string, value: FakeHibpDomain | undefined): this {
    if (value) this.domains.set(domain.toLowerCase(), value);
    else this.domains.delete(domain.toLowerCase());
    return this;
  }

  /** Registers a breached password: its SHA-1 goes in the range answers with this count. */
  addPassword(password: string, count: number): this {
    const hash = createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
    return this.addHash(hash, count);
  }

  addHash(sha1: string, count: number): this {
    const hash = sha1.toUpperCase();
    const suffixes = this.hashes.get(hash.slice(0, 5)) ?? new Map<string, number>();
    suffixes.set(hash.slice(5), count);
    this.hashes.set(hash.slice(0, 5), suffixes);
    return this;
  }

  protected routeOf(method: string, url: URL): HibpRoute | undefined {
    if (method !== 'GET') return undefined;
    if (/^\/api\/v3\/breachedaccount\/[^/]+$/.test(url.pathname)) return 'breachedaccount';
    if (/^\/api\/v3\/pasteaccount\/[^/]+$/.test(url.pathname)) return 'pasteaccount';
    if (/^\/api\/v3\/breacheddomain\/[^/]+$/.test(url.pathname)) return 'breacheddomain';
    if (url.pathname === '/api/v3/subscribeddomains') return 'subscribeddomains';
    if (url.pathname === '/api/v3/subscription/status') return 'subscription';
    if (url.pathname === '/api/v3/breaches') return 'breaches';
    if (/^\/range\/[^/]+$/.test(url.pathname)) return 'range';
    return undefined;
  }

  protected override malformedBody(route: HibpRoute): string {
    // Well-formed JSON of the wrong shape for the API routes; garbage lines for the range.
    return route === 'range' ? 'NOT-A-HASH-LINE\r\nOK' : '[{"Name":"Incomplete","PwnCount":"many"}]';
  }

  protected answer(route: HibpRoute, req: IncomingMessage, url: URL): FakeAnswer {
    const keyed = route !== 'breaches' && route !== 'range';
    if (keyed && req.headers['hibp-api-key'] !== this.apiKey) {
      const message = req.headers['hibp-api-key'] ? 'Access denied due to invalid hibp-api-key.' : 'Access denied due to missing hibp-api-key.';
      return json(401, { statusCode: 401, message });
    }
    switch (route) {
      case 'pasteaccount': {
        const account = decodeURIComponent(url.pathname.slice('/api/v3/pasteaccount/'.length)).trim().toLowerCase();
        const pastes = this.pastes.get(account);
        return pastes && pastes.length > 0 ? json(200, pastes) : { status: 404 };
      }
      case 'subscribeddomains':
        return json(
          200,
          [...this.domains].map(([domain, d]) => ({
            DomainName: domain,
            PwnCount: d.pwnCount ?? Object.keys(d.aliases).length,
            PwnCountExcludingSpamLists: d.pwnCount ?? Object.keys(d.aliases).length,
            PwnCountExcludingSpamListsAtLastSubscriptionRenewal: d.pwnCount ?? Object.keys(d.aliases).length,
            NextSubscriptionRenewal: '2032-01-01T00:00:00',
          })),
        );
      case 'subscription':
        return json(200, { ...this.subscription, Description: 'A subscription of the fake', SubscribedUntil: '2032-01-01T00:00:00', Rpm: 10, IncludesStealerLogs: false });
      case 'breacheddomain': {
        const domain = this.domains.get(decodeURIComponent(url.pathname.slice('/api/v3/breacheddomain/'.length)).toLowerCase());
        if (!domain) return json(403, { statusCode: 403, message: 'The domain is not verified for this API key.' });
        return Object.keys(domain.aliases).length > 0 ? json(200, domain.aliases) : { status: 404 };
      }
      case 'breachedaccount': {
        const account = decodeURIComponent(url.pathname.slice('/api/v3/breachedaccount/'.length)).trim().toLowerCase();
        const breaches = this.accounts.get(account);
        if (!breaches || breaches.length === 0) return { status: 404 };
        const full = url.searchParams.get('truncateResponse') === 'false';
        return json(200, full ? breaches : breaches.map((b) => ({ Name: b.Name })));
      }
      case 'breaches': {
        const domain = url.searchParams.get('domain')?.toLowerCase();
        return json(200, domain ? this.catalogue.filter((b) => b.Domain.toLowerCase() === domain) : this.catalogue);
      }
      case 'range': {
        const prefix = url.pathname.slice('/range/'.length).toUpperCase();
        if (!/^[0-9A-F]{5}$/.test(prefix)) {
          return { status: 400, headers: { 'content-type': 'text/plain' }, body: 'The hash prefix was not in a valid format' };
        }
        const lines = new Map(this.hashes.get(prefix) ?? []);
        if (req.headers['add-padding'] === 'true') {
          const target = PADDED_LINES.min + (randomBytes(2).readUInt16BE(0) % (PADDED_LINES.max - PADDED_LINES.min + 1));
          while (lines.size < target) {
            const suffix = randomBytes(18).toString('hex').slice(0, 35).toUpperCase();
            if (!lines.has(suffix)) lines.set(suffix, 0);
          }
        }
        const body = [...lines.entries()]
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([suffix, count]) => `${suffix}:${count}`)
          .join('\r\n');
        return { status: 200, headers: { 'content-type': 'text/plain' }, body };
      }
    }
  }
}

function json(status: number, value: unknown): FakeAnswer {
  return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) };
}
