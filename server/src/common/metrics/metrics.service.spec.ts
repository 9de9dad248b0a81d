import { MetricsService } from './metrics.service';

describe('MetricsService', () => {
  it('gives a sourced gauge the samples its source reads at each scrape', async () => {
    const metrics = new MetricsService();
    let depth = 3;
    metrics.sourcedGauge('depth', 'A depth.', ['kind'] as const, () => [{ labels: { kind: 'a' }, value: depth }]);
    expect((await metrics.scrape()).body).toContain('footprint_depth{kind="a"} 3');
    depth = 5;
    expect((await metrics.scrape()).body).toContain('footprint_depth{kind="a"} 5');
  });

  it('leaves a gauge without samples when its source fails or has none, never a stale or made-up value', async () => {
    const metrics = new MetricsService();
    let fail = false;
    metrics.sourcedGauge('lag_seconds', 'A lag.', [], async () => {
      if (fail) throw new Error('database down');
      return [{ value: 7 }];
    });
    metrics.sourcedGauge('nothing_yet', 'Nothing yet.', [], () => []);
    const first = (await metrics.scrape()).body;
    expect(first).toMatch(/^footprint_lag_seconds 7$/m);
    expect(first).not.toMatch(/^footprint_nothing_yet /m);
    expect(first).toContain('# TYPE footprint_nothing_yet gauge');
    fail = true;
    const second = (await metrics.scrape()).body;
    expect(second).not.toMatch(/^footprint_lag_seconds /m);
    expect(second).toContain('# TYPE footprint_lag_seconds gauge');
  });

  it('reports the queues modules track, running, queued and refused', async () => {
    const metrics = new MetricsService();
    metrics.trackQueue('scans', () => ({ active: 2, queued: 1, refused: 4 }));
    metrics.trackQueue('browser', () => ({ active: 0, queued: 0 }));
    const body = (await metrics.scrape()).body;
    expect(body).toContain('footprint_queue_tasks{queue="scans",state="running"} 2');
    expect(body).toContain('footprint_queue_tasks{queue="scans",state="queued"} 1');
    expect(body).toContain('footprint_queue_refused_total{queue="scans"} 4');
    expect(body).toContain('footprint_queue_refused_total{queue="browser"} 0');
  });

  it('keeps each app\'s metrics apart and exposes the process metrics', async () => {
    const one = new MetricsService();
    const two = new MetricsService();
    one.counter('things_total', 'Things.').inc(3);
    two.counter('things_total', 'Things.');
    expect((await one.scrape()).body).toMatch(/^footprint_things_total 3$/m);
    expect((await two.scrape()).body).toMatch(/^footprint_things_total 0$/m);
    expect((await one.scrape()).body).toContain('# TYPE process_resident_memory_bytes gauge');
    expect((await one.scrape()).contentType).toMatch(/^text\/plain; version=0\.0\.4/);
  });
});

describe('MetricsService.captureBeforeScrape', () => {
  it('runs before any gauge is read, at every scrape', async () => {
    const metrics = new MetricsService();
    const order: string[] = [];
    metrics.sourcedGauge('busy', 'Busy.', [], async () => {
      order.push('read');
      return [{ value: 1 }];
    });
    metrics.captureBeforeScrape(() => order.push('capture'));
    await metrics.scrape();
    await metrics.scrape();
    expect(order).toEqual(['capture', 'read', 'capture', 'read']);
  });
});
