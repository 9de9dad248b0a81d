import { spawn, type ChildProcess } from 'node:child_process';
import { BrowserMemoryWatchdog, MAX_RENDERERS_ENDED, RECOVERY_MS } from './browser-memory.watchdog';

// A real process group to watch: a detached `sleep` leads its own group, as Chromium does.
describe('the browser memory watchdog', () => {
  let child: ChildProcess;
  beforeAll(() => {
    child = spawn('sleep', ['60'], { detached: true, stdio: 'ignore' });
  });
  afterAll(() => {
    child.kill('SIGKILL');
  });
  afterEach(() => jest.restoreAllMocks());

  const overMemory = { maxMemoryBytes: 0, maxProcesses: 100 };

  it('first ends the renderers at fault one after the other, and kills the group only if the browser is still over its memory limit after that', async () => {
    const killed: string[] = [];
    const contain = jest.fn(async () => true);
    const watchdog = new BrowserMemoryWatchdog(child.pid!, overMemory, (overrun) => killed.push(overrun), contain);
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now');
    for (let i = 0; i < MAX_RENDERERS_ENDED; i++) {
      clock.mockReturnValue(now + i * RECOVERY_MS);
      await watchdog.sample();
      expect(contain).toHaveBeenCalledTimes(i + 1);
      // Within the recovery time: neither another renderer ended nor the group killed.
      await watchdog.sample();
      expect(contain).toHaveBeenCalledTimes(i + 1);
      expect(killed).toEqual([]);
    }
    clock.mockReturnValue(now + MAX_RENDERERS_ENDED * RECOVERY_MS);
    await watchdog.sample();
    expect(killed).toEqual(['memory']);
    await expect(watchdog.ended).resolves.toBe('memory');
  });

  it('ends the next renderer at once when the browser grows again within the recovery time (a bomb\'s second visit)', async () => {
    const contain = jest.fn(async () => true);
    const reading = jest.fn<Promise<{ processes: number; anonymousBytes: number }>, [number]>();
    const watchdog = new BrowserMemoryWatchdog(child.pid!, { maxMemoryBytes: 100, maxProcesses: 100 }, () => undefined, contain, reading);
    reading.mockResolvedValueOnce({ processes: 10, anonymousBytes: 500 });
    await watchdog.sample();
    // Freed, but still over: waits.
    reading.mockResolvedValueOnce({ processes: 9, anonymousBytes: 300 });
    await watchdog.sample();
    expect(contain).toHaveBeenCalledTimes(1);
    // Grew past the level it had when the first went: the next one goes now.
    reading.mockResolvedValueOnce({ processes: 9, anonymousBytes: 700 });
    await watchdog.sample();
    expect(contain).toHaveBeenCalledTimes(2);
  });

  it('kills the group at once when no renderer could be ended alone', async () => {
    const killed: string[] = [];
    const watchdog = new BrowserMemoryWatchdog(child.pid!, overMemory, (overrun) => killed.push(overrun), async () => false);
    await watchdog.sample();
    expect(killed).toEqual(['memory']);
  });

  it('kills the group at once for too many processes (a storm is not one renderer)', async () => {
    const killed: string[] = [];
    const contain = jest.fn(async () => true);
    const watchdog = new BrowserMemoryWatchdog(child.pid!, { maxMemoryBytes: 1e12, maxProcesses: 0 }, (overrun) => killed.push(overrun), contain);
    await watchdog.sample();
    expect(killed).toEqual(['processes']);
    expect(contain).not.toHaveBeenCalled();
  });

  it('leaves a browser within its limits alone', async () => {
    const killed: string[] = [];
    const watchdog = new BrowserMemoryWatchdog(child.pid!, { maxMemoryBytes: 1e12, maxProcesses: 100 }, (overrun) => killed.push(overrun), async () => true);
    expect(await watchdog.sample()).toMatchObject({ processes: 1 });
    expect(killed).toEqual([]);
  });
});
