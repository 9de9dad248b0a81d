/// <reference lib="dom" />
/**
 * What the audit browser injects into every frame before any of the page's scripts run
 * (context.addInitScript): wrappers around the canvas, font-measuring, listener, cookie and
 * fingerprintable APIs that record which script (the first http(s) URL on the call stack) used
 * them. It only records: every wrapped call still does what the page asked. The records are
 * aggregated here and handed, a snapshot per frame, to the audit's isolated world in the same frame
 * (isolated.capture.ts) as a DOM event whose type is a random name made for the visit: the page
 * cannot name it, and nothing here is a global the page can call. The criteria (canvas
 * fingerprinting, font probing) are applied on the server by pure analyzers.
 *
 * Our own code, written from the published criteria (browser-tracking-tests.md). It runs in the
 * page, so it is plain ES2022 with no imports and no helpers from outside this function.
 */

/** Canvas use by one script on one canvas, as the criteria need it. */
export interface CanvasUse {
  canvas: number;
  script: string;
  /** Largest size the canvas had while this script used it. */
  width: number;
  height: number;
  /** Longest text drawn with fillText/strokeText, in code points. */
  longestText: number;
  /** Distinct fillStyle values set (capped). */
  fillStyles: string[];
  /** save(), restore() or addEventListener() called on this canvas or its context. */
  saveRestoreOrListener: boolean;
  /** toDataURL(), or getImageData() with its width and height. */
  readbacks: { method: 'toDataURL' | 'getImageData'; width: number; height: number }[];
}

/** Font probing by one script: the fonts it set that the context accepted, and its measureText calls. */
export interface FontUse {
  script: string;
  /** Distinct font values the context took (read back after setting; an invalid value changes nothing). */
  fonts: number;
  /** measureText calls per text, the largest count. */
  measureTextSameText: number;
  measureTextCalls: number;
}

export interface FrameReport {
  frame: string;
  url: string;
  canvas: CanvasUse[];
  fonts: FontUse[];
  /** Behaviour listeners added by scripts: 'keydown by https://…/rec.js'. */
  listeners: { type: string; script: string }[];
  /** Fingerprintable APIs read or called: 'navigator.plugins by …'. */
  apis: { api: string; script: string }[];
  /** Cookies written through document.cookie or cookieStore, by name. */
  cookieWrites: { name: string; script: string }[];
}

export interface InstrumentationOptions {
  /** Expose navigator.globalPrivacyControl = true (the Global Privacy Control visit). */
  gpc: boolean;
  /**
   * The event type snapshots travel under to the isolated world (random per visit); the isolated
   * world asks for a fresh snapshot with the same type plus ':pull'.
   */
  channel: string;
}

/**
 * The in-page part. Serialised by Playwright (`addInitScript(instrument, options)`), so it must
 * not reference anything outside itself.
 */
export function instrument(options: InstrumentationOptions): void {
  // The originals, taken before any page script runs: a page that replaces them later changes nothing here.
  const dispatch = EventTarget.prototype.dispatchEvent;
  const listen = EventTarget.prototype.addEventListener;
  const NativeCustomEvent = CustomEvent;
  const stringify = JSON.stringify;
  const later = setTimeout;
  const cancel = clearTimeout;
  const channel = String(options.channel);
  const send = (report: FrameReport) => dispatch.call(window, new NativeCustomEvent(channel, { detail: stringify(report) }));
  const MAX = 200;
  // Only a key that keeps this frame's reports apart from other frames' (page.visitor.ts keeps the
  // latest per frame); no analysis figure comes from it. Math.random, as crypto.randomUUID is
  // missing from pages not served over HTTPS.
  const frameId = Math.random().toString(36).slice(2);
  const ownError = Error;
  const stackUrl = /(https?:\/\/[^\s)'"]+?)(?::\d+){1,2}\)?\s*$/;

  if (options.gpc) {
    try {
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true, enumerable: true });
    } catch {
      // a frame where Navigator cannot be changed keeps the browser's value
    }
  }
  if (!/^[a-z][a-z0-9]{15,}$/.test(channel)) return;

  /**
   * The script that called: the first http(s) URL on the stack (an inline script shows its page's
   * URL). '' when there is none: the browser's own or our tooling's code, which is not recorded.
   */
  function caller(): string {
    const stack = new ownError().stack ?? '';
    const lines = stack.split('\n');
    for (let i = 1; i < lines.length; i++) {
      const match = stackUrl.exec(lines[i]);
      if (match) return match[1];
    }
    return '';
  }

  const canvasIds = new WeakMap<object, number>();
  let nextCanvas = 1;
  const canvasUses = new Map<string, CanvasUse>();
  const fontUses = new Map<string, { script: string; fonts: Set<string>; texts: Map<string, number>; calls: number }>();
  const listeners = new Map<string, { type: string; script: string }>();
  const apis = new Map<string, { api: string; script: string }>();
  const cookieWrites = new Map<string, { name: string; script: string }>();
  let dirty = false;
  let recorded = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function flush(): void {
    timer = undefined;
    if (!dirty) return;
    dirty = false;
    const report: FrameReport = {
      frame: frameId,
      url: location.href.slice(0, 500),
      canvas: [...canvasUses.values()].map((u) => ({ ...u, fillStyles: u.fillStyles.slice(0, 10), readbacks: u.readbacks.slice(0, 10) })),
      fonts: [...fontUses.values()].map((u) => ({
        script: u.script,
        fonts: u.fonts.size,
        measureTextSameText: Math.max(0, ...u.texts.values()),
        measureTextCalls: u.calls,
      })),
      listeners: [...listeners.values()],
      apis: [...apis.values()],
      cookieWrites: [...cookieWrites.values()],
    };
    try {
      send(report);
    } catch {
      // the context is closing, or the page broke what JSON.stringify relies on: nothing goes out
    }
  }
  function touched(): void {
    dirty = true;
    recorded = true;
    if (timer === undefined) timer = later.call(window, flush, 100);
  }
  listen.call(window, 'pagehide', flush);
  // The isolated world asks (on joining a frame late, and when the visit collects): answer at once.
  listen.call(window, `${channel}:pull`, () => {
    if (!recorded) return;
    dirty = true;
    if (timer !== undefined) cancel.call(window, timer);
    flush();
  });

  function canvasOf(target: object): HTMLCanvasElement | OffscreenCanvas | undefined {
    if (target instanceof HTMLCanvasElement) return target;
    if (typeof OffscreenCanvas !== 'undefined' && target instanceof OffscreenCanvas) return target;
    const canvas = (target as { canvas?: HTMLCanvasElement | OffscreenCanvas }).canvas;
    return canvas ?? undefined;
  }
  function use(target: object): CanvasUse | undefined {
    const canvas = canvasOf(target);
    if (!canvas) return undefined;
    let id = canvasIds.get(canvas);
    if (id === undefined) {
      id = nextCanvas++;
      canvasIds.set(canvas, id);
    }
    const script = caller();
    if (!script) return undefined;
    const key = `${id}|${script}`;
    let entry = canvasUses.get(key);
    if (!entry) {
      if (canvasUses.size >= MAX) return undefined;
      entry = { canvas: id, script, width: 0, height: 0, longestText: 0, fillStyles: [], saveRestoreOrListener: false, readbacks: [] };
      canvasUses.set(key, entry);
    }
    entry.width = Math.max(entry.width, canvas.width);
    entry.height = Math.max(entry.height, canvas.height);
    touched();
    return entry;
  }
  function wrap<T extends object>(proto: T | undefined, name: string, before: (self: object, args: unknown[]) => void): void {
    if (!proto) return;
    const original = (proto as Record<string, unknown>)[name];
    if (typeof original !== 'function') return;
    const wrapped = function (this: object, ...args: unknown[]) {
      try {
        before(this, args);
      } catch {
        // recording must never break the page
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
    Object.defineProperty(wrapped, 'name', { value: name });
    Object.defineProperty(wrapped, 'toString', { value: () => `function ${name}() { [native code] }` });
    (proto as Record<string, unknown>)[name] = wrapped;
  }
  function wrapSetter(proto: object | undefined, name: string, after: (self: object, value: unknown) => void): void {
    if (!proto) return;
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (!descriptor?.set) return;
    const set = descriptor.set;
    Object.defineProperty(proto, name, {
      ...descriptor,
      set(this: object, value: unknown) {
        set.call(this, value);
        try {
          after(this, value);
        } catch {
          // recording must never break the page
        }
      },
    });
  }
  function wrapGetter(proto: object | undefined, name: string, label: string): void {
    if (!proto) return;
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (!descriptor?.get) return;
    const get = descriptor.get;
    Object.defineProperty(proto, name, {
      ...descriptor,
      get(this: object) {
        try {
          api(label);
        } catch {
          // recording must never break the page
        }
        return get.call(this);
      },
    });
  }
  function api(label: string): void {
    const script = caller();
    if (!script) return;
    const key = `${label}|${script}`;
    if (apis.has(key) || apis.size >= MAX) return;
    apis.set(key, { api: label, script });
    touched();
  }

  const codePoints = (text: unknown) => [...String(text)].length;
  const contexts = [window.CanvasRenderingContext2D?.prototype, (window as unknown as { OffscreenCanvasRenderingContext2D?: { prototype: object } }).OffscreenCanvasRenderingContext2D?.prototype];
  for (const proto of contexts) {
    for (const method of ['fillText', 'strokeText']) {
      wrap(proto, method, (self, args) => {
        const entry = use(self);
        if (entry) entry.longestText = Math.max(entry.longestText, codePoints(args[0]));
      });
    }
    for (const method of ['save', 'restore']) {
      wrap(proto, method, (self) => {
        const entry = use(self);
        if (entry) entry.saveRestoreOrListener = true;
      });
    }
    wrap(proto, 'getImageData', (self, args) => {
      const entry = use(self);
      if (entry && entry.readbacks.length < 20) entry.readbacks.push({ method: 'getImageData', width: Math.abs(Number(args[2]) || 0), height: Math.abs(Number(args[3]) || 0) });
    });
    wrapSetter(proto, 'fillStyle', (self, value) => {
      const entry = use(self);
      const text = typeof value === 'string' ? value : String(value);
      if (entry && entry.fillStyles.length < 20 && !entry.fillStyles.includes(text)) entry.fillStyles.push(text);
    });
    wrapSetter(proto, 'font', (self) => {
      const script = caller();
      if (!script) return;
      let entry = fontUses.get(script);
      if (!entry) {
        if (fontUses.size >= MAX) return;
        entry = { script, fonts: new Set(), texts: new Map(), calls: 0 };
        fontUses.set(script, entry);
      }
      // What the context took: an invalid shorthand leaves the previous font in place.
      if (entry.fonts.size < 1_000) entry.fonts.add(String((self as { font?: string }).font));
      touched();
    });
    wrap(proto, 'measureText', (_self, args) => {
      const script = caller();
      if (!script) return;
      let entry = fontUses.get(script);
      if (!entry) {
        if (fontUses.size >= MAX) return;
        entry = { script, fonts: new Set(), texts: new Map(), calls: 0 };
        fontUses.set(script, entry);
      }
      entry.calls += 1;
      const text = String(args[0]).slice(0, 100);
      if (entry.texts.has(text) || entry.texts.size < 50) entry.texts.set(text, (entry.texts.get(text) ?? 0) + 1);
      touched();
    });
  }
  wrap(window.HTMLCanvasElement?.prototype, 'toDataURL', (self) => {
    const entry = use(self);
    if (entry && entry.readbacks.length < 20) entry.readbacks.push({ method: 'toDataURL', width: (self as HTMLCanvasElement).width, height: (self as HTMLCanvasElement).height });
  });
  wrap(window.HTMLCanvasElement?.prototype, 'toBlob', (self) => {
    const entry = use(self);
    if (entry && entry.readbacks.length < 20) entry.readbacks.push({ method: 'toDataURL', width: (self as HTMLCanvasElement).width, height: (self as HTMLCanvasElement).height });
  });

  const BEHAVIOUR = new Set([
    'keydown', 'keypress', 'keyup', 'input', 'click', 'mousedown', 'mouseup', 'mousemove', 'select', 'dblclick', 'scroll',
    'touchstart', 'touchmove', 'touchend', 'touchcancel', 'devicemotion', 'deviceorientation', 'deviceorientationabsolute',
  ]);
  wrap(window.EventTarget?.prototype, 'addEventListener', (self, args) => {
    if (self instanceof HTMLCanvasElement) {
      const entry = use(self);
      if (entry) entry.saveRestoreOrListener = true;
    }
    const type = String(args[0]);
    if (!BEHAVIOUR.has(type)) return;
    const script = caller();
    if (!script) return;
    const key = `${type}|${script}`;
    if (listeners.has(key) || listeners.size >= MAX) return;
    listeners.set(key, { type, script });
    touched();
  });

  for (const name of ['plugins', 'mimeTypes', 'hardwareConcurrency', 'deviceMemory', 'platform', 'languages', 'maxTouchPoints', 'connection']) {
    wrapGetter(window.Navigator?.prototype, name, `navigator.${name}`);
  }
  for (const name of ['colorDepth', 'pixelDepth']) wrapGetter(window.Screen?.prototype, name, `screen.${name}`);
  wrap(window.Navigator?.prototype, 'getBattery', () => api('navigator.getBattery'));
  wrap(window.MediaDevices?.prototype, 'enumerateDevices', () => api('mediaDevices.enumerateDevices'));
  for (const name of ['createOscillator', 'createDynamicsCompressor', 'createAnalyser']) {
    wrap((window as unknown as { BaseAudioContext?: { prototype: object } }).BaseAudioContext?.prototype, name, () => api(`audio.${name}`));
  }
  for (const name of ['createDataChannel', 'createOffer']) wrap(window.RTCPeerConnection?.prototype, name, () => api(`RTCPeerConnection.${name}`));

  function cookieWritten(name: string): void {
    const script = caller();
    if (!name || !script) return;
    const key = `${name}|${script}`;
    if (cookieWrites.has(key) || cookieWrites.size >= MAX) return;
    cookieWrites.set(key, { name, script });
    touched();
  }
  wrapSetter(window.Document?.prototype, 'cookie', (_self, value) => cookieWritten(String(value).split(';')[0].split('=')[0].trim()));
  const cookieStore = (window as unknown as { CookieStore?: { prototype: object } }).CookieStore?.prototype;
  wrap(cookieStore, 'set', (_self, args) => {
    const first = args[0] as string | { name?: string };
    cookieWritten(typeof first === 'string' ? first : String(first?.name ?? ''));
  });
}
