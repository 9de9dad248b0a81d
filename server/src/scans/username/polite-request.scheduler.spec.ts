import { PoliteRequestScheduler, TurnAborted } from './polite-request.scheduler';

/** A task that stays in flight until released, recording the peak in flight overall and per host. */
function harness(scheduler: PoliteRequestScheduler) {
  const inFlight = new Map<string, number>();
  let total = 0;
  const peak = { total: 0, perHost: 0 };
  const pending: (() => void)[] = [];
  const order: string[] = [];
  const task = (host: string, label: string) => () =>
    new Promise<string>((resolve) => {
      total += 1;
      inFlight.set(host, (inFlight.get(host) ?? 0) + 1);
      peak.total = Math.max(peak.total, total);
      peak.perHost = Math.max(peak.perHost, inFlight.get(host) ?? 0);
      order.push(label);
      pending.push(() => {
        total -= 1;
        inFlight.set(host, (inFlight.get(host) ?? 1) - 1);
        resolve(label);
      });
    });
  /** Releases every task in flight, then lets the scheduler start the next ones. */
  const releaseAll = async () => {
    for (const release of pending.splice(0)) release();
    await new Promise((r) => setImmediate(r));
  };
  const lane = scheduler.lane();
  return {
    task,
    peak,
    order,
    releaseAll,
    run: (host: string, label: string, signal = new AbortController().signal, inLane = lane) => inLane.run(host, signal, task(host, label)),
  };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('PoliteRequestScheduler', () => {
  it('keeps to the global limit and never runs two tasks of one host at once', async () => {
    const scheduler = new PoliteRequestScheduler(3);
    const h = harness(scheduler);
    const all = ['a', 'a', 'a', 'b', 'b', 'c', 'd', 'e'].map((host, i) => h.run(host, `${host}${i}`));
    await settle();
    expect(scheduler.inFlight).toBe(3);
    while (h.order.length < all.length) await h.releaseAll();
    await h.releaseAll();
    await expect(Promise.all(all)).resolves.toHaveLength(8);
    expect(h.peak).toEqual({ total: 3, perHost: 1 });
    // One host's tasks run in the order they were given.
    expect(h.order.filter((l) => l.startsWith('a'))).toEqual(['a0', 'a1', 'a2']);
    expect(scheduler.inFlight).toBe(0);
  });

  it('lets other hosts use the slots while one host waits for its own turn', async () => {
    const scheduler = new PoliteRequestScheduler(2);
    const h = harness(scheduler);
    void h.run('slow', 's1');
    void h.run('slow', 's2');
    void h.run('other', 'o1');
    await settle();
    expect(h.order).toEqual(['s1', 'o1']);
  });

  it('gives up a waiting task when its signal aborts, and keeps the host to one in flight', async () => {
    const scheduler = new PoliteRequestScheduler(1);
    const h = harness(scheduler);
    const first = h.run('a', 'first');
    const controller = new AbortController();
    const waitingForSlot = h.run('b', 'second', controller.signal);
    const waitingForHost = h.run('a', 'third', controller.signal);
    const after = h.run('a', 'fourth');
    await settle();
    controller.abort();
    await expect(waitingForSlot).rejects.toBeInstanceOf(TurnAborted);
    await expect(waitingForHost).rejects.toBeInstanceOf(TurnAborted);
    // 'fourth' must still wait for 'first', although 'third' left the queue.
    await settle();
    expect(h.order).toEqual(['first']);
    await h.releaseAll();
    await expect(first).resolves.toBe('first');
    await settle();
    expect(h.order).toEqual(['first', 'fourth']);
    await h.releaseAll();
    await expect(after).resolves.toBe('fourth');
    expect(h.peak.perHost).toBe(1);
    expect(scheduler.inFlight).toBe(0);
  });

  it('gives the slots to the scans waiting in turn, so a scan queued later is not served after all of an earlier one', async () => {
    const scheduler = new PoliteRequestScheduler(2);
    const h = harness(scheduler);
    const [first, second, third] = [scheduler.lane(), scheduler.lane(), scheduler.lane()];
    // The first scan queues 6 requests, then two more scans queue 3 each (all on hosts of their own).
    const all = [
      ...[1, 2, 3, 4, 5, 6].map((i) => h.run(`a${i}`, `A${i}`, undefined, first)),
      ...[1, 2, 3].map((i) => h.run(`b${i}`, `B${i}`, undefined, second)),
      ...[1, 2, 3].map((i) => h.run(`c${i}`, `C${i}`, undefined, third)),
    ];
    await settle();
    while (h.order.length < all.length) await h.releaseAll();
    await h.releaseAll();
    await Promise.all(all);
    // First come first served would run A1..A6 before any B or C; in turn, each scan's next request follows the others'.
    expect(h.order).toEqual(['A1', 'A2', 'A3', 'B1', 'C1', 'A4', 'B2', 'C2', 'A5', 'B3', 'C3', 'A6']);
    expect(h.peak.total).toBe(2);
  });

  it('keeps one request per host across scans, in the order the scans asked', async () => {
    const scheduler = new PoliteRequestScheduler(4);
    const h = harness(scheduler);
    const scans = [scheduler.lane(), scheduler.lane(), scheduler.lane()];
    const all = scans.flatMap((lane, s) => ['x', 'y'].map((host) => h.run(host, `${host}${s}`, undefined, lane)));
    while (h.order.length < all.length) await h.releaseAll();
    await h.releaseAll();
    await Promise.all(all);
    expect(h.peak.perHost).toBe(1);
    expect(h.order.filter((l) => l.startsWith('x'))).toEqual(['x0', 'x1', 'x2']);
    expect(scheduler.inFlight).toBe(0);
  });

  it('drops a scan from the rotation when its waiting requests abort, and serves the others', async () => {
    const scheduler = new PoliteRequestScheduler(1);
    const h = harness(scheduler);
    const [first, second] = [scheduler.lane(), scheduler.lane()];
    const controller = new AbortController();
    const running = h.run('a0', 'A0', undefined, first);
    const doomed = [1, 2].map((i) => h.run(`a${i}`, `A${i}`, controller.signal, first));
    const kept = [1, 2].map((i) => h.run(`b${i}`, `B${i}`, undefined, second));
    await settle();
    controller.abort();
    for (const turn of doomed) await expect(turn).rejects.toBeInstanceOf(TurnAborted);
    while (h.order.length < 3) await h.releaseAll();
    await h.releaseAll();
    await Promise.all([running, ...kept]);
    expect(h.order).toEqual(['A0', 'B1', 'B2']);
    expect(scheduler.inFlight).toBe(0);
  });

  it('refuses a limit below one', () => {
    expect(() => new PoliteRequestScheduler(0)).toThrow();
  });
});
