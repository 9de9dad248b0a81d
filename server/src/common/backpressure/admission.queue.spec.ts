import { AdmissionQueue } from './admission.queue';
import { ServiceBusyException } from '../http/service-busy.exception';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('AdmissionQueue', () => {
  afterEach(() => jest.useRealTimers());

  it('runs at most `concurrency` tasks at once, the rest in order of arrival', async () => {
    const queue = new AdmissionQueue('test', { concurrency: 2, maxQueued: 10, maxWaitMs: 10_000 });
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, i) => queue.run(async () => { started.push(i); await gate.promise; return i; }));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(queue.stats).toEqual({ active: 2, queued: 1, refused: 0 });
    gates[0].resolve();
    await runs[0];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    gates[1].resolve();
    gates[2].resolve();
    await expect(Promise.all(runs)).resolves.toEqual([0, 1, 2]);
    expect(queue.stats).toEqual({ active: 0, queued: 0, refused: 0 });
  });

  it('refuses at once with 503 and Retry-After when the queue is full', async () => {
    const queue = new AdmissionQueue('test', { concurrency: 1, maxQueued: 1, maxWaitMs: 2_500 });
    const gate = deferred();
    const first = queue.run(() => gate.promise);
    const second = queue.run(async () => 'second');
    const err = await queue.run(async () => 'third').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceBusyException);
    expect((err as ServiceBusyException).getStatus()).toBe(503);
    expect((err as ServiceBusyException).headers).toEqual({ 'Retry-After': '3' });
    gate.resolve();
    await first;
    await expect(second).resolves.toBe('second');
    expect(queue.stats.refused).toBe(1);
  });

  it('refuses a task that waited longer than maxWaitMs, and lets the next one in', async () => {
    jest.useFakeTimers();
    const queue = new AdmissionQueue('test', { concurrency: 1, maxQueued: 5, maxWaitMs: 1_000 });
    const gate = deferred();
    const first = queue.run(() => gate.promise);
    const waiting = queue.run(async () => 'late');
    jest.advanceTimersByTime(1_001);
    await expect(waiting).rejects.toBeInstanceOf(ServiceBusyException);
    expect(queue.stats).toEqual({ active: 1, queued: 0, refused: 1 });
    gate.resolve();
    await first;
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
  });

  it('gives the turn back when a task fails, and a release called twice counts once', async () => {
    const queue = new AdmissionQueue('test', { concurrency: 1, maxQueued: 0, maxWaitMs: 0 });
    await expect(queue.run(async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    const release = await queue.acquire();
    release();
    release();
    expect(queue.stats.active).toBe(0);
    const again = await queue.acquire();
    await expect(queue.acquire()).rejects.toBeInstanceOf(ServiceBusyException);
    again();
  });

  it('assertRoom refuses only when a task asked for now would be refused at once', async () => {
    const queue = new AdmissionQueue('t', { concurrency: 1, maxQueued: 1, maxWaitMs: 60_000 });
    expect(() => queue.assertRoom()).not.toThrow();
    const first = await queue.acquire();
    expect(() => queue.assertRoom()).not.toThrow();
    const waiting = queue.acquire();
    expect(() => queue.assertRoom()).toThrow(ServiceBusyException);
    first();
    (await waiting)();
    expect(() => queue.assertRoom()).not.toThrow();
  });
});
