import type { IncomingMessage } from 'node:http';
import { FakeAnswer, HttpFake } from './http-fake';

export type XposedOrNotRoute = 'breach-analytics' | 'breaches' | 'check-email';

/** A breach as XposedOrNot's `/v1/breaches` lists it (its field names and types). */
export interface XonCatalogueBreach {
  breachID: string;
  /** ISO date and time without a zone, as XposedOrNot writes it: `2021-03-14T00:00:00`. */
  breachedDate: string;
  addedDate?: string;
  domain: string;
  industry: string;
  logo: string;
  passwordRisk: string;
  searchable: boolean;
  sensitive: boolean;
  verified: boolean;
  exposedData: string[];
  exposedRecords: number;
  exposureDescription: string;
  referenceURL: string;
}

/** A paste as XposedOrNot's breach-analytics lists it. */
export interface XonFakePaste {
  pasteId: string;
  xposed_date: string;
  xposed_records: number;
}

/**
 * A breach for tests, in XposedOrNot's catalogue shape. Every default is invented (a made-up shop
 * on a reserved `.example` domain); nothing here is XposedOrNot's data.
 */
export function sampleXonBreach(overrides: Partial<XonCatalogueBreach> = {}): XonCatalogueBreach {
  return {
    breachID: 'LanternMarket',
    breachedDate: '2021-03-14T00:00:00',
    addedDate: '2021-06-01T10:00:00+00:00',
    domain: 'lanternmarket.example',
    industry: 'Retail',
    logo: 'https://logos.example/lantern.png',
    passwordRisk: 'hardtocrack',
    searchable: true,
    sensitive: false,
    verified: true,
    exposedData: ['Email addresses', 'Passwords', 'Names'],
    exposedRecords: 48213,
    exposureDescription: 'The invented online store Lantern Market exposed its customer database in 2021.',
    referenceURL: 'https://news.example/lantern-market',
    ...overrides,
  };
}

/** XposedOrNot's per-IP limits on each route (api/v1/breaches.py), or this fake's own. */
export interface XonLimits {
  perSecond: number;
  perHour: number;
  perDay: number;
}

/**
 * XposedOrNot's free API on 127.0.0.1, under `/v1`, as its server answers:
 * - `GET /v1/breach-analytics?email=`: 200 with ExposedBreaches (each listed breach's details from
 *   the catalogue), BreachesSummary, BreachMetrics, PastesSummary, ExposedPastes; an address it
 *   knows nothing of: 200 with empty summaries; a malformed address: 404 `{"detail":"Not found"}`.
 * - `GET /v1/breaches`: `{status: "success", exposedBreaches: [...]}`.
 * - `GET /v1/check-email/{email}`: `{breaches: [[names]], email, status}` or 404 `{"Error": "Not found"}`.
 * Each route counts requests in sliding windows like XposedOrNot's limiter (`limits`); over a
 * limit it answers 429 with Retry-After and XposedOrNot's JSON body.
 */
export class FakeXposedOrNot extends HttpFake<XposedOrNotRoute> {
  catalogue: XonCatalogueBreach[] = [];
  /** Generous by default, so tests that are not about limits never meet them. */
  limits: XonLimits = { perSecond: 1000, perHour: 100_000, perDay: 100_000 };
  /** When each request arrived (ms), per route. */
  readonly arrivals: Record<XposedOrNotRoute, number[]> = { 'breach-analytics': [], breaches: [], 'check-email': [] };
  /** Requests answered 429 by the limiter. */
  rateLimited = 0;
  private readonly accounts = new Map<string, { breaches: string[]; pastes: XonFakePaste[] }>();

  get apiUrl(): string {
    return `${this.baseUrl}/v1`;
  }

  /** The environment pointing the app's XposedOrNot source here (turned on). */
  get env(): Record<string, string> {
    return { XPOSEDORNOT_ENABLED: 'true', XPOSEDORNOT_API_URL: this.apiUrl };
  }

  /** The breaches (catalogue ids) and pastes of an address, compared lower-cased as XposedOrNot does. */
  setExposure(email: string, breaches: string[], pastes: XonFakePaste[] = []): this {
    this.accounts.set(email.trim().toLowerCase(), { breaches, pastes });
    return this;
  }

  override resetBehaviour(): void {
    super.resetBehaviour();
    for (const list of Object.values(this.arrivals)) list.length = 0;
    this.rateLimited = 0;
  }

  /** The most requests of a route that arrived within any `windowMs`. */
  busiestWindow(route: XposedOrNotRoute, windowMs: number): number {
    const times = this.arrivals[route];
    let most = 0;
    for (let i = 0, j = 0; i < times.length; i++) {
      while (times[i] - times[j] >= windowMs) j++;
      most = Math.max(most, i - j + 1);
    }
    return most;
  }

  protected routeOf(method: string, url: URL): XposedOrNotRoute | undefined {
    if (method !== 'GET') return undefined;
    if (url.pathname === '/v1/breach-analytics') return 'breach-analytics';
    if (url.pathname === '/v1/breaches') return 'breaches';
    if (/^\/v1\/check-email\/[^/]+$/.test(url.pathname)) return 'check-email';
    return undefined;
  }

  protected override malformedBody(route: XposedOrNotRoute): string {
    return route === 'breaches'
      ? '{"status":"success","exposedBreaches":[{"breachID":"Incomplete","exposedRecords":"many"}]}'
      : '{"ExposedBreaches":{"breaches_details":[{"breach":"Incomplete"}]},"BreachesSummary":{"site":"Incomplete"}}';
  }

  protected answer(route: XposedOrNotRoute, _req: IncomingMessage, url: URL): FakeAnswer {
    const limited = this.limit(route);
    if (limited) return limited;
    switch (route) {
      case 'breaches':
        return json(200, { status: 'success', exposedBreaches: this.catalogue });
      case 'check-email': {
        const email = decodeURIComponent(url.pathname.slice('/v1/check-email/'.length)).toLowerCase();
        const known = this.accounts.get(email);
        if (!known || known.breaches.length === 0) return json(404, { Error: 'Not found' });
        return json(200, { breaches: [known.breaches], email, status: 'success' });
      }
      case 'breach-analytics': {
        const email = (url.searchParams.get('email') ?? '').toLowerCase();
        if (!/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/.test(email)) return json(404, { detail: 'Not found' });
        return json(200, this.analytics(email));
      }
    }
  }

  private analytics(email: string): unknown {
    const known = this.accounts.get(email);
    const names = known?.breaches ?? [];
    const pastes = known?.pastes ?? [];
    if (names.length === 0 && pastes.length === 0) {
      return {
        BreachesSummary: { domain: '', site: '', tmpstmp: '' },
        PastesSummary: { cnt: 0, domain: '', tmpstmp: '' },
        ExposedBreaches: null,
        ExposedPastes: null,
        BreachMetrics: null,
        PasteMetrics: null,
      };
    }
    const details = names.map((name) => {
      const b = this.catalogue.find((entry) => entry.breachID === name);
      if (!b) throw new Error(`FakeXposedOrNot: ${name} is not in the catalogue`);
      return {
        breach: b.breachID,
        details: b.exposureDescription,
        domain: b.domain,
        industry: b.industry,
        logo: b.logo,
        password_risk: b.passwordRisk,
        references: b.referenceURL,
        searchable: b.searchable ? 'Yes' : 'No',
        verified: b.verified ? 'Yes' : 'No',
        xposed_data: b.exposedData.join(';'),
        xposed_date: b.breachedDate.slice(0, 4),
        xposed_records: b.exposedRecords,
        added: b.addedDate ?? null,
      };
    });
    return {
      BreachesSummary: { site: names.join(';') },
      BreachMetrics: { risk: [{ risk_label: 'Low', risk_score: 0 }] },
      ExposedBreaches: names.length > 0 ? { breaches_details: details } : null,
      PastesSummary: { cnt: pastes.length, domain: email.split('@')[1] ?? '', tmpstmp: '' },
      ExposedPastes: pastes.length > 0 ? { pastes_details: pastes } : null,
      PasteMetrics: null,
    };
  }

  /** XposedOrNot's sliding-window limiter: the answer to send when a window is over its limit. */
  private limit(route: XposedOrNotRoute): FakeAnswer | undefined {
    const now = Date.now();
    const times = this.arrivals[route];
    times.push(now);
    const windows: [number, number][] = [
      [this.limits.perSecond, 1_000],
      [this.limits.perHour, 3_600_000],
      [this.limits.perDay, 86_400_000],
    ];
    for (const [limit, period] of windows) {
      const inWindow = times.filter((t) => now - t < period);
      if (inWindow.length > limit) {
        this.rateLimited += 1;
        const retryAfter = Math.max(1, Math.ceil((period - (now - inWindow[inWindow.length - limit - 1])) / 1000));
        return {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': String(retryAfter) },
          body: JSON.stringify({
            detail: {
              error: 'Rate limit exceeded',
              detail: `Rate limit exceeded for endpoint /v1/${route}. Please try again after ${retryAfter} seconds.`,
              retry_after: retryAfter,
              reset_time: new Date(now + retryAfter * 1000).toISOString(),
            },
          }),
        };
      }
    }
    return undefined;
  }
}

function json(status: number, value: unknown): FakeAnswer {
  return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) };
}
