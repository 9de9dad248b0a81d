import { randomBytes } from 'node:crypto';
import type { BrowserContext, CDPSession, Frame, Page } from 'playwright-core';
import type { StorageKeys } from './capture.types';

/**
 * The audit's side of every frame, out of the page's reach. Through the DevTools protocol (a CDP
 * session per renderer target: the page's, and one per cross-site frame) the visit adds an isolated
 * world to every frame (Page.addScriptToEvaluateOnNewDocument with a worldName) and a binding that
 * exists only in worlds of that name (Runtime.addBinding with executionContextName). Page scripts
 * run in the main world and share only the DOM with it: they see no binding, no global and no
 * Playwright machinery (no exposeBinding/exposeFunction is used, so Playwright installs none).
 *
 * The main-world hooks (page.instrumentation.ts: canvas, fonts, listeners, cookies) hand their snapshot
 * to the isolated world as a DOM event under a random per-visit type; the isolated world caps it and
 * forwards it, at most every 100 ms, through the binding. Storage keys are read there too, with
 * the isolated world's own untouched prototypes. Everything that comes back is a string checked for
 * size before it is parsed; the caller validates its shape (validFrameReport).
 */

/** A frame's snapshot as forwarded: longer ones are dropped in the isolated world (and counted here), never parsed. */
export const MAX_REPORT_CHARS = 256 * 1024;
/** Renderer targets (the page and its cross-site frames) given the isolated world; frames beyond run without it. */
export const MAX_FRAME_SESSIONS = 40;
/** Frames asked when the visit ends (snapshots and storage keys), keys per storage and characters per key. */
const MAX_STORAGE_FRAMES = 20;
const MAX_STORAGE_KEYS = 100;
const MAX_KEY_CHARS = 200;
/** The payload the isolated world forwards instead of a snapshot it dropped for its size. */
const OVERSIZE = 'oversize';

export interface IsolatedNames {
  /** The DOM event type between the worlds. */
  channel: string;
  /** The isolated world's name. */
  world: string;
  /** The binding's name (only in worlds named `world`). */
  binding: string;
  /** A function the isolated world keeps on its own global, for the visit's last collection. */
  collect: string;
}

/** Names no page can guess: new for every visit. */
export function isolatedNames(): IsolatedNames {
  const name = () => `f${randomBytes(12).toString('hex')}`;
  return { channel: name(), world: name(), binding: name(), collect: name() };
}

interface WorldOptions {
  channel: string;
  binding: string;
  collect: string;
  maxChars: number;
  maxKeys: number;
  maxKeyChars: number;
  oversize: string;
}

/** What the collection returns from one frame's isolated world. */
interface Collected {
  origin: string;
  local: string[];
  session: string[];
  report?: string;
}

/**
 * The isolated world's script (serialised with its options; it references nothing outside). Its
 * global is its own: what it defines there, the page cannot see.
 */
function isolatedWorld(options: WorldOptions): void {
  const self = globalThis as unknown as Record<string, unknown>;
  const forward = self[options.binding] as ((payload: string) => void) | undefined;
  delete self[options.binding];
  if (typeof forward !== 'function') return;
  let latest: string | undefined;
  let pending = false;
  let lastSent = 0;
  const send = () => {
    pending = false;
    lastSent = Date.now();
    if (latest !== undefined) forward(latest);
  };
  window.addEventListener(options.channel, (event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (typeof detail !== 'string') return;
    latest = detail.length > options.maxChars ? options.oversize : detail;
    if (pending) return;
    pending = true;
    const wait = 100 - (Date.now() - lastSent);
    if (wait <= 0) send();
    else setTimeout(send, wait);
  });
  const read = (storage: Storage) => {
    const keys: string[] = [];
    for (let i = 0; i < Math.min(storage.length, options.maxKeys); i++) {
      const key = storage.key(i);
      if (key) keys.push(key.slice(0, options.maxKeyChars));
    }
    return keys;
  };
  self[options.collect] = (): Collected => {
    window.dispatchEvent(new CustomEvent(`${options.channel}:pull`));
    let local: string[] = [];
    let session: string[] = [];
    try {
      local = read(localStorage);
      session = read(sessionStorage);
    } catch {
      // storage refused to this origin (sandboxed frame, opaque origin)
    }
    return { origin: location.origin.slice(0, 300), local, session, ...(latest !== undefined ? { report: latest } : {}) };
  };
  // Joining a frame whose page already runs (a cross-site frame attached late): ask for what it has so far.
  window.dispatchEvent(new CustomEvent(`${options.channel}:pull`));
}

/**
 * The isolated worlds of one visit's page and its cross-site frames. `onReport` receives each
 * snapshot string within MAX_REPORT_CHARS, unparsed.
 */
export class IsolatedCapture {
  private readonly sessions: CDPSession[] = [];
  private readonly targets = new Set<string>();
  /** The isolated worlds alive now, by session and execution context (in the order they appeared: the page's first). */
  private readonly worlds = new Map<string, { session: CDPSession; contextId: number }>();
  private nextSession = 0;
  private framesSkipped = 0;
  private oversize = 0;
  private closed = false;

  constructor(
    private readonly context: BrowserContext,
    private readonly names: IsolatedNames,
    private readonly onReport: (payload: string) => void,
  ) {}

  /** Before the page loads anything: its own target, then every cross-site frame as it commits. */
  async attachPage(page: Page): Promise<void> {
    await this.attach(await this.context.newCDPSession(page));
    page.on('framenavigated', (frame) => void this.attachFrame(frame));
  }

  /** Snapshots dropped for their size (in the isolated world or here). */
  get oversizeReports(): number {
    return this.oversize;
  }

  /** Cross-site frames left without the isolated world (beyond MAX_FRAME_SESSIONS). */
  get framesWithout(): number {
    return this.framesSkipped;
  }

  /**
   * The visit's last look: every frame's isolated world (the page's first) is asked, all at once,
   * for its latest snapshot (passed to onReport) and its storage keys. Frames past
   * MAX_STORAGE_FRAMES and ones that do not answer within `maxMs` are left out.
   */
  async collect(maxMs: number): Promise<Omit<StorageKeys, 'party'>[]> {
    const worlds = [...this.worlds.values()].slice(0, MAX_STORAGE_FRAMES);
    const answers = await Promise.all(worlds.map(({ session, contextId }) => withTimeout(this.collectWorld(session, contextId), maxMs).catch(() => undefined)));
    const found: Omit<StorageKeys, 'party'>[] = [];
    for (const answer of answers) {
      if (!answer) continue;
      if (answer.report !== undefined) this.report(answer.report);
      found.push({ origin: answer.origin, local: answer.local, session: answer.session });
    }
    return found;
  }

  /** Detaches every session (the context's close would too; this stops their events at once). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.sessions.map((session) => session.detach().catch(() => undefined)));
  }

  private async collectWorld(session: CDPSession, contextId: number): Promise<Collected | undefined> {
    const result = await session.send('Runtime.evaluate', {
      contextId,
      expression: `typeof globalThis.${this.names.collect} === 'function' ? globalThis.${this.names.collect}() : undefined`,
      returnByValue: true,
    });
    return parseCollected(result.result?.value);
  }

  private report(payload: string): void {
    if (payload === OVERSIZE || payload.length > MAX_REPORT_CHARS) {
      this.oversize += 1;
      return;
    }
    this.onReport(payload);
  }

  private async attachFrame(frame: Frame): Promise<void> {
    if (this.closed || frame.parentFrame() === null) return;
    if (this.sessions.length >= MAX_FRAME_SESSIONS) {
      this.framesSkipped += 1;
      return;
    }
    // A same-site frame shares the page's target (and its isolated world): Playwright refuses it a session of its own.
    const session = await this.context.newCDPSession(frame).catch(() => undefined);
    if (!session) return;
    const info = await session.send('Target.getTargetInfo').catch(() => undefined);
    const targetId = info?.targetInfo.targetId;
    if (!targetId || this.targets.has(targetId) || this.closed) {
      await session.detach().catch(() => undefined);
      return;
    }
    await this.attach(session, targetId).catch(() => undefined);
  }

  private async attach(session: CDPSession, targetId?: string): Promise<void> {
    this.sessions.push(session);
    if (targetId) this.targets.add(targetId);
    session.on('Runtime.bindingCalled', (event) => {
      if (event.name === this.names.binding) this.report(event.payload);
    });
    const key = `${this.nextSession++}:`;
    session.on('Runtime.executionContextCreated', ({ context }) => {
      if (context.name === this.names.world) this.worlds.set(key + context.id, { session, contextId: context.id });
    });
    session.on('Runtime.executionContextDestroyed', ({ executionContextId }) => this.worlds.delete(key + executionContextId));
    session.on('Runtime.executionContextsCleared', () => {
      for (const id of [...this.worlds.keys()]) if (id.startsWith(key)) this.worlds.delete(id);
    });
    const options: WorldOptions = {
      channel: this.names.channel,
      binding: this.names.binding,
      collect: this.names.collect,
      maxChars: MAX_REPORT_CHARS,
      maxKeys: MAX_STORAGE_KEYS,
      maxKeyChars: MAX_KEY_CHARS,
      oversize: OVERSIZE,
    };
    // A binding reaches the worlds of its name only while Runtime is enabled on this session, and
    // the world's script runs in new documents only while Page is.
    // Sent at once: the session handles them in order, without a round trip between them.
    await Promise.all([
      session.send('Page.enable'),
      session.send('Runtime.enable'),
      session.send('Runtime.addBinding', { name: this.names.binding, executionContextName: this.names.world }),
      session.send('Page.addScriptToEvaluateOnNewDocument', {
        source: `(${isolatedWorld.toString()})(${JSON.stringify(options)})`,
        worldName: this.names.world,
        runImmediately: true,
      }),
    ]);
  }
}

/** The collection's answer, when it has its shape (it came from a renderer the page may have compromised). */
function parseCollected(value: unknown): Collected | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  const keys = (list: unknown) =>
    Array.isArray(list)
      ? list
          .slice(0, MAX_STORAGE_KEYS)
          .filter((key): key is string => typeof key === 'string')
          .map((key) => key.slice(0, MAX_KEY_CHARS))
      : [];
  if (typeof record.origin !== 'string') return undefined;
  return {
    origin: record.origin.slice(0, 300),
    local: keys(record.local),
    session: keys(record.session),
    ...(typeof record.report === 'string' ? { report: record.report } : {}),
  };
}

/** `work`, or a 'timeout' error after `ms` (the timer cleared either way). */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), Math.max(0, ms));
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}
