import { Logger } from '@nestjs/common';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { AppConfig, loadConfig } from '../../server/src/common/config/app.config';
import { analyzeThirdParties } from '../../server/src/scans/analysis/third-party.analyzer';
import { MAX_FILTER_LIST_BYTES, TrackerCatalogueService } from '../../server/src/scans/trackers/tracker-catalogue.service';
import { FILTER_LIST_COMPANY, TRACKER_CATALOGUE } from '../../server/src/scans/trackers/tracker.catalogue';
import { websiteOutcome } from '../../server/src/scans/checks/website-audit.runner';
import { WebsiteSource } from '../../server/src/scans/sources/website.source';
import { TrackerListService } from '../../server/src/scans/trackers/tracker-list.service';
import { THIRD_PARTY_WEB_CREDIT } from '../../server/src/scans/trackers/tracker-list.credit';
import { FAKE_LIST_ENTITIES, FakeTrackerList } from '../fakes/tracker-list';
import { FakeWebsites } from '../fakes/websites';
import { query } from '../support/auth';
import { createTestApp, TestApp } from '../support/test-app';

// The tracker lists downloaded from servers on 127.0.0.1: the filter list (Adblock/hosts syntax) and
// the third-party-web entity list, both written here, never real ones.

const LIST = [
  '[Adblock Plus 2.0]',
  '! Title: Footprint test list (invented domains)',
  '||ads.invented-network.example^',
  '||beacon.invented-metrics.example^$third-party',
  '||pixel.invented-pixels.example^$image,script',
  '||doubleclick.net^',
  '@@||allowed.invented-network.example^',
  'invented-network.example##.banner',
  '||invented-network.example/path/ads.js',
  '||limited.invented.example^$domain=site.example',
].join('\n');

interface Route {
  status?: number;
  body?: string | Buffer;
  delayMs?: number;
  hang?: boolean;
}

/** A tiny file server: each path answers as its route says, and every request is recorded. */
class ListServer {
  readonly routes: Record<string, Route> = {};
  readonly requests: { path: string; userAgent?: string }[] = [];
  private server?: Server;

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
  }

  url(path: string): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}${path}`;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.requests.push({ path: req.url ?? '', userAgent: req.headers['user-agent'] });
    const route = this.routes[req.url ?? ''] ?? { status: 404, body: 'not found' };
    if (route.hang) return;
    if (route.delayMs) await new Promise((resolve) => setTimeout(resolve, route.delayMs).unref());
    res.writeHead(route.status ?? 200, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(route.body ?? '');
  }
}

function configWithList(env: Record<string, string>, url: string): AppConfig {
  return loadConfig({ PUBLIC_URL: 'https://footprint.test', ...env, TRACKER_FILTER_LIST_URL: url });
}

describe('tracker filter list download', () => {
  const lists = new ListServer();
  const entityList = new FakeTrackerList();
  const sites = new FakeWebsites();
  let t: TestApp;
  let catalogue: TrackerCatalogueService;

  beforeAll(async () => {
    Logger.overrideLogger(false);
    await Promise.all([lists.start(), entityList.start(), sites.start({ certificate: null })]);
    lists.routes['/list.txt'] = { body: LIST };
    lists.routes['/other.txt'] = { body: '||other.invented.example^\n' };
    lists.routes['/slow.txt'] = { body: LIST, delayMs: 300 };
    lists.routes['/hang.txt'] = { hang: true };
    lists.routes['/huge.txt'] = { body: Buffer.alloc(MAX_FILTER_LIST_BYTES + 1024, '!') };
    lists.routes['/error.txt'] = { status: 500, body: 'boom' };
    t = await createTestApp({
      PUBLIC_URL: 'https://footprint.test',
      TRACKER_LIST_URL: entityList.url,
      FETCH_ALLOWED_PORTS: `${sites.portNumber}`,
      FETCH_ALLOWED_ADDRESSES: '127.0.0.1/32',
    });
    catalogue = t.app.get(TrackerCatalogueService);
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([lists.close(), entityList.close(), sites.close()]);
  });
  beforeEach(() => {
    lists.requests.length = 0;
  });

  it('is a provider of the app, with only the built-in entries in tests', () => {
    expect(catalogue).toBeInstanceOf(TrackerCatalogueService);
    expect(catalogue.size).toBe(TRACKER_CATALOGUE.length);
    expect(lists.requests).toEqual([]);
  });

  it('downloads the list, takes its simple domain rules and leaves our own entries in charge', async () => {
    await expect(catalogue.loadFilterList(lists.url('/list.txt'))).resolves.toEqual({ status: 'loaded', added: 3, ignored: 4 });
    expect(lists.requests).toEqual([{ path: '/list.txt', userAgent: expect.stringMatching(/^Footprint\/.+footprint\.test/) }]);
    expect(catalogue.size).toBe(TRACKER_CATALOGUE.length + 3);
    expect(catalogue.match('ads.invented-network.example')?.company).toBe(FILTER_LIST_COMPANY);
    expect(catalogue.match('eu.beacon.invented-metrics.example')?.company).toBe(FILTER_LIST_COMPANY);
    expect(catalogue.match('allowed.invented-network.example')).toBeUndefined();
    expect(catalogue.match('limited.invented.example')).toBeUndefined();
    expect(catalogue.match('ad.doubleclick.net')?.company).toBe('Google');

    // And the analyzer reports what the list added.
    const html = '<script src="https://ads.invented-network.example/a.js"></script><img src="https://pixel.invented-pixels.example/p.gif">';
    const [finding] = analyzeThirdParties({ url: 'https://www.shop.example/', html }, catalogue);
    expect(finding.detail).toMatchObject({ type: 'tracker_filter_list', value: 'ads.invented-network.example, pixel.invented-pixels.example' });
  });

  it('replaces the previous list on the next load', async () => {
    await catalogue.loadFilterList(lists.url('/list.txt'));
    await expect(catalogue.loadFilterList(lists.url('/other.txt'))).resolves.toEqual({ status: 'loaded', added: 1, ignored: 0 });
    expect(catalogue.match('ads.invented-network.example')).toBeUndefined();
    expect(catalogue.match('other.invented.example')?.company).toBe(FILTER_LIST_COMPANY);
  });

  it.each([
    ['/missing.txt', 'Tracker filter list answered with HTTP 404'],
    ['/error.txt', 'Tracker filter list answered with HTTP 500'],
    ['/huge.txt', 'Tracker filter list answered with a response that is too large'],
  ])('keeps the catalogue as it was when %s fails', async (path, error) => {
    await catalogue.loadFilterList(lists.url('/list.txt'));
    await expect(catalogue.loadFilterList(lists.url(path))).resolves.toEqual({ status: 'failed', error });
    expect(catalogue.match('ads.invented-network.example')?.company).toBe(FILTER_LIST_COMPANY);
  });

  it('reports a list server that cannot be reached', async () => {
    const closed = new ListServer();
    await closed.start();
    const url = closed.url('/list.txt');
    await closed.close();
    await expect(catalogue.loadFilterList(url)).resolves.toEqual({ status: 'failed', error: 'Could not reach Tracker filter list' });
  });

  it('loads the configured list at start in the background, never delaying the start', async () => {
    const service = new TrackerCatalogueService(configWithList({ NODE_ENV: 'production' }, lists.url('/slow.txt')));
    service.onApplicationBootstrap();
    // Back from the start hook while the slow list is still on its way: nothing of it is in yet.
    expect(service.match('ads.invented-network.example')).toBeUndefined();
    await expect(service.loading).resolves.toMatchObject({ status: 'loaded', added: 3 });
    expect(service.match('ads.invented-network.example')?.company).toBe(FILTER_LIST_COMPANY);
    expect(lists.requests.map((r) => r.path)).toEqual(['/slow.txt']);
  });

  it('does not download at start in tests', async () => {
    const service = new TrackerCatalogueService(configWithList({ NODE_ENV: 'test' }, lists.url('/list.txt')));
    service.onApplicationBootstrap();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lists.requests).toEqual([]);
    expect(service.loading).toBeUndefined();
  });

  it('stops a hanging download when the app shuts down', async () => {
    const service = new TrackerCatalogueService(configWithList({ NODE_ENV: 'production' }, lists.url('/hang.txt')));
    service.onApplicationBootstrap();
    const loading = service.loading!;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const began = performance.now();
    await service.beforeApplicationShutdown();
    expect(performance.now() - began).toBeLessThan(2_000);
    await expect(loading).resolves.toEqual({ status: 'failed', error: 'Tracker filter list did not answer in time' });
    expect(service.size).toBe(TRACKER_CATALOGUE.length);
  });

  describe('the tracker list (third-party-web entities)', () => {
    let list: TrackerListService;
    beforeAll(() => {
      list = t.app.get(TrackerListService);
    });
    beforeEach(async () => {
      entityList.resetBehaviour();
      entityList.entities = FAKE_LIST_ENTITIES;
      await query(t, 'DELETE FROM tracker_list');
      catalogue.dropTrackerList();
    });

    it('imports the list: its tracking entities with their companies, stored and handed to the catalogue, and credited', async () => {
      await expect(list.refresh()).resolves.toEqual({ status: 'refreshed', trackers: 5, dropped: 1, notTrackers: 2 });
      expect(entityList.requestsTo('entities')).toEqual([expect.objectContaining({ headers: expect.objectContaining({ 'user-agent': expect.stringMatching(/^Footprint\//), accept: 'application/json' }) })]);
      const [row] = (await query(t, 'SELECT source_url, jsonb_array_length(trackers) AS trackers, dropped, etag, fetched_at, last_error FROM tracker_list')) as Record<string, unknown>[];
      expect(row).toMatchObject({ source_url: entityList.url, trackers: 5, dropped: 1, etag: expect.stringMatching(/^W\//), last_error: null });

      // `*.domain` is the domain and every host under it; a bare host is that host alone.
      expect(catalogue.match('cdn.lantern-metrics.example')).toMatchObject({ company: 'Lantern Data Co', name: 'Lantern Metrics', category: 'analytics', listed: true });
      expect(catalogue.match('lantern-metrics.example')?.company).toBe('Lantern Data Co');
      expect(catalogue.match('collect.lantern-data.example')?.company).toBe('Lantern Data Co');
      expect(catalogue.match('www.lantern-data.example')).toBeUndefined();
      // No company in the entity: its name is the company. Categories map onto ours.
      expect(catalogue.match('px.quill-ads.example')).toMatchObject({ company: 'Quill Ads', category: 'advertising' });
      expect(catalogue.match('cmp.harbour-consent.example')?.category).toBe('consent');
      // A CDN and a video host are not trackers.
      expect(catalogue.match('js.pebble-cdn.example')).toBeUndefined();
      expect(catalogue.match('embed.reel-video.example')).toBeUndefined();
      // Our own entry wins a tie (Hotjar records sessions) and when it is more specific (the Meta Pixel).
      expect(catalogue.match('static.hotjar.com')?.category).toBe('session recording');
      expect(catalogue.match('connect.facebook.net')?.name).toBe('Meta Pixel (Facebook pixel)');
      expect(catalogue.match('in.hotjar.io')).not.toHaveProperty('listed');
      expect(catalogue.trackerListInUse()).toEqual({ ...THIRD_PARTY_WEB_CREDIT, fetchedAt: (row.fetched_at as Date).toISOString() });
    });

    it('names a tracker only the list knows, with its company, in a website result, and credits the list there', async () => {
      sites.route('/listed', {
        body: '<!doctype html><html><head><title>Shop</title><script src="https://cdn.lantern-metrics.example/m.js"></script></head><body>Hi</body></html>',
      });
      const fetchPage = async () => {
        const site = await t.app.get(WebsiteSource).fetchSite(sites.url('http', '/listed'), new AbortController().signal);
        return websiteOutcome({ site, render: { kind: 'not_applicable', reason: 'no browser in this test' } }, catalogue, new Date());
      };
      // Before the list: our own catalogue alone, which does not know it.
      const before = await fetchPage();
      expect(before.website?.trackers).toEqual([]);
      expect(before.website?.thirdParties).toEqual(['lantern-metrics.example']);
      expect(before.website?.trackerList).toBeUndefined();

      await list.refresh();
      const after = await fetchPage();
      expect(after.website?.trackers).toEqual([{ name: 'Lantern Metrics', company: 'Lantern Data Co', category: 'analytics', domains: ['lantern-metrics.example'] }]);
      expect(after.findings.find((f) => 'type' in f.detail && f.detail.type === 'tracker_analytics')?.detail).toMatchObject({
        value: 'Lantern Metrics',
        source: 'Tracker list (third-party-web, fetched at run time)',
        evidence: { summary: expect.stringContaining('visitor analytics by Lantern Data Co, loaded by this page') },
      });
      expect(after.website?.trackerList).toMatchObject({ name: 'third-party-web (Patrick Hulce)', license: 'MIT', fetchedAt: expect.any(String) });
    });

    it('keeps the stored list when a refresh fails, and asks with the ETag so an unchanged list is not downloaded again', async () => {
      await list.refresh();
      await expect(list.refresh()).resolves.toEqual({ status: 'unchanged' });
      expect(entityList.notModified).toBe(1);

      entityList.failures.entities = { kind: 'status', status: 503 };
      await expect(list.refresh()).resolves.toEqual({ status: 'failed', error: 'Tracker list answered with HTTP 503' });
      entityList.failures.entities = { kind: 'malformed' };
      await expect(list.refresh()).resolves.toEqual({ status: 'failed', error: 'Tracker list answered with a malformed response' });
      entityList.resetBehaviour();
      entityList.entities = [{ name: 'Only a CDN', category: 'cdn', domains: ['*.pebble-cdn.example'] }];
      await expect(list.refresh()).resolves.toEqual({ status: 'failed', error: 'Tracker list held no usable tracker' });

      const [row] = (await query(t, 'SELECT jsonb_array_length(trackers) AS trackers, last_error FROM tracker_list')) as Record<string, unknown>[];
      expect(row).toEqual({ trackers: 5, last_error: 'Tracker list held no usable tracker' });
      expect(catalogue.match('cdn.lantern-metrics.example')?.company).toBe('Lantern Data Co');
      // Another instance (or a restart) reads the stored copy and gets the same list.
      catalogue.dropTrackerList();
      await expect(list.useStored()).resolves.toBe(true);
      expect(catalogue.match('cdn.lantern-metrics.example')?.company).toBe('Lantern Data Co');
    });

    it("falls back to Footprint's own catalogue while no list has been fetched", async () => {
      entityList.failures.entities = { kind: 'status', status: 500 };
      await expect(list.refresh()).resolves.toMatchObject({ status: 'failed' });
      await expect(list.useStored()).resolves.toBe(false);
      expect(catalogue.trackerListInUse()).toBeUndefined();
      expect(catalogue.match('cdn.lantern-metrics.example')).toBeUndefined();
      expect(catalogue.match('static.hotjar.com')).toMatchObject({ company: 'Hotjar (Contentsquare)', category: 'session recording' });
      expect(catalogue.match('connect.facebook.net')?.company).toBe('Meta Platforms');
    });
  });
});
