import { AppProcess, startAppProcess } from './app-process';
import { E2EBrowser, startBrowser } from './browser';

export interface E2ESuite {
  readonly app: AppProcess;
  readonly browser: E2EBrowser;
}

/**
 * Registers beforeAll/afterAll hooks that run the built app (own database) and one Chromium for the
 * test file; read `suite.app` and `suite.browser` inside tests. `env` may be a function, called in
 * the hook: for values known only once an earlier beforeAll ran (a fake's port, say).
 */
export function useBuiltAppAndBrowser(env: Record<string, string> | (() => Record<string, string>) = {}): E2ESuite {
  let app: AppProcess | undefined;
  let browser: E2EBrowser | undefined;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startAppProcess(typeof env === 'function' ? env() : env), startBrowser()]);
  }, 45_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  }, 30_000);
  return {
    get app() {
      if (!app) throw new Error('the app has not started');
      return app;
    },
    get browser() {
      if (!browser) throw new Error('the browser has not started');
      return browser;
    },
  };
}
