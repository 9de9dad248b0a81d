import { createHash } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import { FakeAnswer, HttpFake } from './http-fake';

/**
 * The tracker list as jsDelivr serves third-party-web's npm package on 127.0.0.1: a JSON array of
 * entities at `/npm/third-party-web/dist/entities.json`, with an ETag and 304 for a matching
 * If-None-Match. The entities are written here in the published shape (name, company, homepage,
 * category, domains as `host` or `*.domain`, examples, the execution totals): invented companies on
 * invented domains, plus a few well-known domains to test which catalogue answers. No entry of the
 * real list is used.
 */
export interface FakeListEntity {
  name: string;
  company?: string;
  homepage?: string;
  category: string;
  domains: string[];
  examples?: string[];
  totalExecutionTime?: number;
  totalOccurrences?: number;
}

export const TRACKER_LIST_PATH = '/npm/third-party-web/dist/entities.json';

export const FAKE_LIST_ENTITIES: FakeListEntity[] = [
  {
    name: 'Lantern Metrics',
    company: 'Lantern Data Co',
    homepage: 'https://lantern-metrics.example/',
    category: 'analytics',
    domains: ['*.lantern-metrics.example', 'collect.lantern-data.example'],
    examples: ['cdn.lantern-metrics.example'],
    totalExecutionTime: 123456,
    totalOccurrences: 789,
  },
  { name: 'Quill Ads', homepage: 'https://quill-ads.example/', category: 'ad', domains: ['*.quill-ads.example'], totalExecutionTime: 1, totalOccurrences: 1 },
  { name: 'Harbour Consent', company: 'Harbour Ltd', category: 'consent-provider', domains: ['*.harbour-consent.example'] },
  // Not trackers: a CDN and a video host stay among the other third parties.
  { name: 'Pebble CDN', category: 'cdn', domains: ['*.pebble-cdn.example'] },
  { name: 'Reel Video', category: 'video', domains: ['*.reel-video.example'] },
  // Domains our own catalogue knows: the more specific entry wins, ours on a tie.
  { name: 'Hotjar', homepage: 'https://www.hotjar.com/', category: 'analytics', domains: ['*.hotjar.com', '*.hotjar.io'] },
  { name: 'Facebook', category: 'social', domains: ['*.facebook.com', '*.facebook.net'] },
  // Malformed or unusable entries the parser drops.
  { name: 'Bare suffix', category: 'ad', domains: ['*.co.uk', '192.0.2.7'] },
];

type Route = 'entities';

export class FakeTrackerList extends HttpFake<Route> {
  /** What the list holds now; tests change it to publish a new version. */
  entities: unknown = FAKE_LIST_ENTITIES;
  /** How many answers were 304 (the client sent the current ETag). */
  notModified = 0;

  get url(): string {
    return `${this.baseUrl}${TRACKER_LIST_PATH}`;
  }

  protected routeOf(method: string, url: URL): Route | undefined {
    return method === 'GET' && url.pathname === TRACKER_LIST_PATH ? 'entities' : undefined;
  }

  protected answer(_route: Route, req: IncomingMessage): FakeAnswer {
    const body = JSON.stringify(this.entities);
    const etag = `W/"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
    if (req.headers['if-none-match'] === etag) {
      this.notModified += 1;
      return { status: 304, headers: { etag } };
    }
    return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8', etag }, body };
  }
}
