/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser)
import AxeBuilder from '@axe-core/playwright';
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';
import { ONBOARDING_FLAG_KEY } from '../../client/src/dashboard/onboarding-flag';

const ROOT = resolve(__dirname, '..', '..');
export const ARTIFACTS_DIR = join(ROOT, 'test-artifacts', 'e2e');
export const CHROMIUM = process.env.FP_CHROMIUM ?? '/usr/bin/chromium';
/** How the tests (and test/bench/web.mjs) start Debian's Chromium. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Console errors that are expected and say nothing about the page: a sign-in with a wrong password
 * answers 401 (what the tests that try one want), which Chromium logs as "Failed to load resource".
 * A visitor's pages must show none otherwise: they send no session refresh at all.
 */
const EXPECTED_CONSOLE_ERRORS: Array<(text: string, url: string) => boolean> = [
  (text, url) => /status of 401/.test(text) && /\/api\/auth\/login$/.test(url),
];

export interface Viewport {
  width: number;
  height: number;
}
export const DESKTOP: Viewport = { width: 1280, height: 800 };
export const MOBILE: Viewport = { width: 360, height: 740 };


/** A page in its own browser context that records what a test will want to assert never happened. */
export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  baseUrl: string;
  /** Every request whose host is not 127.0.0.1 (they are also aborted). */
  externalRequests: string[];
  /** Console errors and uncaught page errors. */
  consoleErrors: string[];
  /** CSP violations, from the console and from `securitypolicyviolation` events. */
  cspViolations: string[];
  /** page.goto(baseUrl + path), then settle(). */
  goto(path: string): Promise<void>;
  /** Waits until no request has been in flight for a short while (a quicker 'networkidle'). */
  settle(quietMs?: number): Promise<void>;
  /** Throws, listing them, if any external request, console error or CSP violation was seen. */
  expectClean(): void;
  close(): Promise<void>;
}

export interface PageOptions {
  viewport?: Viewport;
  /**
   * Show the dashboard's first-time tour. Off by default: the browser starts with the tour marked
   * done, so suites about other things land on a dashboard they can use.
   */
  onboarding?: boolean;
  /** The system's colour scheme the page sees (prefers-color-scheme); light by default. */
  colorScheme?: 'light' | 'dark';
}

export interface E2EBrowser {
  browser: Browser;
  newPage(baseUrl: string, viewport?: Viewport, options?: Pick<PageOptions, 'onboarding' | 'colorScheme'>): Promise<TrackedPage>;
  /**
   * Runs fn with a fresh tracked page; when fn throws, saves a screenshot to
   * test-artifacts/e2e/<name>.png (name defaults to the current test's name) and rethrows.
   */
  withPage<T>(
    baseUrl: string,
    options: PageOptions & { name?: string },
    fn: (tracked: TrackedPage) => Promise<T>,
  ): Promise<T>;
  close(): Promise<void>;
}

function isLocal(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return true;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:' && parsed.protocol !== 'ws:' && parsed.protocol !== 'wss:') {
    return true; // data:, blob:, about:, chrome-extension: ... never leave the machine
  }
  return parsed.hostname === '127.0.0.1';
}

function fileSafe(name: string): string {
  return name.replace(/[^a-z0-9._-]+/gi, '_').replace(/^_+|_+$/g, '').slice(0, 150) || 'unnamed';
}

const screenshotPath = (name: string) => join(ARTIFACTS_DIR, `${fileSafe(name)}.png`);

export async function saveScreenshot(page: Page, name: string): Promise<string | undefined> {
  try {
    await mkdir(ARTIFACTS_DIR, { recursive: true });
    const path = screenshotPath(name);
    await page.screenshot({ path, fullPage: true, timeout: 5_000 });
    return path;
  } catch {
    return undefined;
  }
}

async function newTrackedPage(
  browser: Browser,
  baseUrl: string,
  viewport: Viewport = DESKTOP,
  onboarding = false,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<TrackedPage> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl, reducedMotion: 'reduce', colorScheme });
  // Ceilings, not expectations: a wait for a server's answer (a sign-up's password hashing, a
  // scan) took over 5 s beside the rest of the suite on 2 cores (clean-clone CI run, load 9-13).
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(20_000);
  const externalRequests: string[] = [];
  const consoleErrors: string[] = [];
  const cspViolations: string[] = [];

  context.on('request', (request) => {
    if (!isLocal(request.url())) externalRequests.push(`${request.method()} ${request.url()}`);
  });
  // Recorded above, then refused: a test never depends on the outside world.
  await context.route((url) => !isLocal(url.toString()), (route) => route.abort('blockedbyclient'));
  await context.exposeFunction('__fpCspViolation', (text: string) => {
    cspViolations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __fpCspViolation?: (t: string) => void }).__fpCspViolation;
      report?.(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile || '?'}:${e.lineNumber}) ${e.sample ?? ''}`.trim());
    });
  });

  if (!onboarding) {
    await context.addInitScript((key) => {
      try {
        window.localStorage.setItem(key, 'true');
      } catch {
        // about:blank and other opaque origins have no storage
      }
    }, ONBOARDING_FLAG_KEY);
  }

  const page = await context.newPage();
  let inFlight = 0;
  let lastActivity = Date.now();
  page.on('request', () => {
    inFlight++;
    lastActivity = Date.now();
  });
  const finished = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = Date.now();
  };
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  const settle = async (quietMs = 150) => {
    const start = Date.now();
    const deadline = start + 10_000;
    while (Date.now() < deadline) {
      if (inFlight === 0 && Date.now() - Math.max(lastActivity, start) >= quietMs) return;
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  page.on('console', (msg) => {
    const text = msg.text();
    if (/Content Security Policy/i.test(text)) {
      cspViolations.push(`console: ${text}`);
      return;
    }
    if (msg.type() !== 'error') return;
    const url = msg.location()?.url ?? '';
    if (EXPECTED_CONSOLE_ERRORS.some((expected) => expected(text, url))) return;
    consoleErrors.push(`${text}${url ? ` (${url})` : ''}`);
  });
  page.on('pageerror', (err) => consoleErrors.push(`uncaught: ${err.message}`));

  return {
    page,
    context,
    baseUrl,
    externalRequests,
    consoleErrors,
    cspViolations,
    async goto(path: string) {
      await page.goto(new URL(path, baseUrl).toString(), { waitUntil: 'load' });
      await settle();
    },
    settle,
    expectClean() {
      const problems: string[] = [];
      if (externalRequests.length) problems.push(`requests outside 127.0.0.1:\n  ${externalRequests.join('\n  ')}`);
      if (consoleErrors.length) problems.push(`console errors:\n  ${consoleErrors.join('\n  ')}`);
      if (cspViolations.length) problems.push(`CSP violations:\n  ${cspViolations.join('\n  ')}`);
      if (problems.length) throw new Error(`${page.url()}:\n${problems.join('\n')}`);
    },
    async close() {
      await context.close().catch(() => undefined);
    },
  };
}

/** Headless Chromium (/usr/bin/chromium) with a fresh profile. */
export async function startBrowser(): Promise<E2EBrowser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: 20_000,
  });
  return {
    browser,
    newPage: (baseUrl, viewport, options) => newTrackedPage(browser, baseUrl, viewport, options?.onboarding, options?.colorScheme),
    async withPage(baseUrl, options, fn) {
      const name = options.name ?? expect.getState().currentTestName ?? 'unnamed';
      await rm(screenshotPath(name), { force: true }); // a screenshot left by an earlier failing run
      const tracked = await newTrackedPage(browser, baseUrl, options.viewport, options.onboarding, options.colorScheme);
      try {
        return await fn(tracked);
      } catch (err) {
        const shot = await saveScreenshot(tracked.page, name);
        if (shot && err instanceof Error) err.message += `\n(screenshot: ${shot.slice(ROOT.length + 1)})`;
        throw err;
      } finally {
        await tracked.close();
      }
    },
    async close() {
      await browser.close().catch(() => undefined);
    },
  };
}

export interface AxeProblem {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** axe-core violations with impact 'serious' or 'critical' on the current page. */
export async function seriousAxeViolations(page: Page): Promise<AxeProblem[]> {
  // Colours measured mid-animation (a dialog fading in) are not the colours a person reads:
  // let finite animations and transitions end first (spinners run forever and are left alone).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: String(v.impact),
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`),
    }));
}

export function formatAxe(problems: AxeProblem[]): string {
  return problems
    .map((p) => `[${p.impact}] ${p.id}: ${p.help}\n    ${p.nodes.join('\n    ')}`)
    .join('\n');
}
