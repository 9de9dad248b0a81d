import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { transformFileSync } from '@swc/core';
import { Deadline, withDeadline } from './deadline.util';

const run = promisify(execFile);

describe('Deadline', () => {
  it('aborts with a TimeoutError once its time is up', async () => {
    const deadline = new Deadline(20);
    await new Promise((resolve) => deadline.signal.addEventListener('abort', resolve));
    expect((deadline.signal.reason as DOMException).name).toBe('TimeoutError');
  });

  it("follows a parent's abort and its reason", () => {
    const parent = new AbortController();
    const deadline = new Deadline(60_000, parent.signal);
    parent.abort(new Error('stopping'));
    expect(deadline.aborted).toBe(true);
    expect((deadline.signal.reason as Error).message).toBe('stopping');
  });

  it('starts aborted under a parent that already is', () => {
    const parent = new AbortController();
    parent.abort();
    expect(new Deadline(60_000, parent.signal).aborted).toBe(true);
  });

  it('leaves no timer and no listener on its parent once the work ends', async () => {
    const parent = new AbortController();
    const added = jest.spyOn(parent.signal, 'addEventListener');
    const removed = jest.spyOn(parent.signal, 'removeEventListener');
    const clearSpy = jest.spyOn(global, 'clearTimeout');
    await expect(withDeadline(60_000, [parent.signal], async (signal) => (signal.aborted ? 'aborted' : 'done'))).resolves.toBe('done');
    expect(added).toHaveBeenCalledTimes(1);
    expect(removed).toHaveBeenCalledWith('abort', added.mock.calls[0][1]);
    expect(clearSpy).toHaveBeenCalled();
    clearSpy.mockRestore();
    // Aborting the parent afterwards reaches nothing.
    parent.abort();
  });

  // The bug this helper exists for: AbortSignal.any([AbortSignal.timeout(ms), parent]) loses its
  // timer when a collection runs before it fires (Node 20). A child process, since the test needs
  // --expose-gc and a heap of its own; it holds nothing but the signal the work listens to.
  it('still fires after forced garbage collections while the work waits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'deadline-gc-'));
    try {
      writeFileSync(join(dir, 'deadline.util.js'), transformFileSync(join(__dirname, 'deadline.util.ts'), { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }).code);
      writeFileSync(
        join(dir, 'probe.js'),
        `const { withDeadline } = require('./deadline.util');
         const parent = new AbortController();
         const started = Date.now();
         // Collections while the deadline waits, as a loaded server has them.
         const pressure = setInterval(() => { Array.from({ length: 1e5 }, (_, i) => ({ i })); globalThis.gc(); }, 20);
         const giveUp = setTimeout(() => { console.log('not fired'); process.exit(2); }, 5000);
         withDeadline(300, [parent.signal], (signal) => new Promise((resolve) => signal.addEventListener('abort', () => resolve(signal.reason.name))))
           .then((name) => { clearInterval(pressure); clearTimeout(giveUp); console.log(name + ' after ' + (Date.now() - started) + ' ms'); });`,
      );
      const { stdout } = await run(process.execPath, ['--expose-gc', join(dir, 'probe.js')], { timeout: 20_000 });
      expect(stdout).toMatch(/^TimeoutError after \d+ ms/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
