import { Logger } from '@nestjs/common';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { AppConfig, loadConfig } from '../../server/src/common/config/app-config';
import { analyzeThirdParties } from '../../server/src/scans/analysis/third-party.analyzer';
import { MAX_FILTER_LIST_BYTES, TrackerCatalogueService } from '../../server/src/scans/trackers/tracker-catalogue.service';
import { FILTER_LIST_COMPANY, TRACKER_CATALOGUE } from '../../server/src/scans/trackers/tracker.catalogue';
import { createTestApp, TestApp } from '../support/test-app';

// The tracker filter list downloaded from a server on 127.0.0.1: a list written here, never a real one.

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
  let t: TestApp;
  let catalogue: TrackerCatalogueService;

  beforeAll(async () => {
    Logger.overrideLogger(false);
    await lists.start();
    lists.routes['/list.txt'] = { body: LIST };
    lists.routes['/other.txt'] = { body: '||other.invented.example^\n' };
    lists.routes['/slow.txt'] = { body: LIST, delayMs: 300 };
    lists.routes['/hang.txt'] = { hang: true };
    lists.routes['/huge.txt'] = { body: Buffer.alloc(MAX_FILTER_LIST_BYTES + 1024, '!') };
    lists.routes['/error.txt'] = { status: 500, body: 'boom' };
    t = await createTestApp({ PUBLIC_URL: 'https://footprint.test' });
    catalogue = t.app.get(TrackerCatalogueService);
  });
  afterAll(async () => {
    await t?.close();
    await lists.close();
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
});
