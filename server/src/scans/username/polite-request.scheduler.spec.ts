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
  return { task, peak, order, releaseAll, run: (host: string, label: string, signal = new AbortController().signal) => scheduler.run(host, signal, task(host, label)) };
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

  it('refuses a limit below one', () => {
    expect(() => new PoliteRequestScheduler(0)).toThrow();
  });
});
