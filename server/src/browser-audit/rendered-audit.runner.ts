import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { APP_CONFIG } from '../common/config/config.module';
import { SsrfForwardProxy } from '../common/security/ssrf/forward-proxy';
import { MAX_CAPTURED_REQUESTS, PageVisit, RenderedCapture } from './capture.types';
import { ChromiumLauncher } from './chromium.launcher';
import { JobClock } from './fair-share';
import { visitPage } from './page-visitor';

/**
 * What one visit may send out through its proxy session (request bodies, WebSocket and tunnel
 * bytes); then every further request of the visit is refused. Generous for forms and analytics
 * beacons, far below a flood (1,500 posts of 64 KB grew the server by a third of a GB).
 */
export const MAX_VISIT_UPLOAD_BYTES = 4 * 1024 * 1024;

/**
 * The browser work of one website scan: the plain visit and, beside it, a
 * second visit in a fresh context with Global Privacy Control on, each typing into the fields alike
 * (so key logging is compared under one rule). Each context has its own SSRF
 * proxy session (its own page-weight budget). Both together stay within the budget.
 */
@Injectable()
export class RenderedAuditRunner {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly launcher: ChromiumLauncher,
    private readonly proxy: SsrfForwardProxy,
  ) {}

  /**
   * Throws BrowserUnavailableError when Chromium is missing or does not start. `onClock` receives
   * the job's clock once its budget starts, so the worker can end it at its fair share (fair-share.ts).
   */
  async run(url: string, budgetMs = this.config.browserAudit.timeoutMs, onClock?: (clock: JobClock) => void): Promise<RenderedCapture> {
    const browser = await this.launcher.browser();
    // The budget is the page's: starting Chromium (the first job, or after a crash) does not eat into it.
    const clock = new JobClock(Date.now(), budgetMs);
    onClock?.(clock);
    const userAgent = visitorUserAgent(browser.version());
    // Both visits at once, each in its own context with its own proxy session: each stays the
    // whole visit a person would (MIN_STAY_AFTER_LOAD_MS and more), and the pair still ends within
    // the one budget, or earlier at the job's fair share when others wait (fair-share.ts).
    const [plain, gpcVisit] = await Promise.all([
      this.visit(browser, url, 'plain', clock.deadline, userAgent, clock.shortened),
      this.visit(browser, url, 'gpc', clock.deadline, userAgent, clock.shortened),
    ]);
    const loaded = !plain.refused && (plain.status !== undefined || plain.requests.length > 0);
    const gpc = loaded ? gpcVisit : undefined;
    return { plain, ...(gpc ? { gpc } : {}), browserVersion: browser.version(), ...(clock.wasShortened ? { sharedBrowser: true } : {}) };
  }

  private async visit(browser: import('playwright-core').Browser, url: string, kind: PageVisit['kind'], deadline: number, userAgent: string, shortened: AbortSignal): Promise<PageVisit> {
    const proxy = await this.proxy.open({ maxBytes: this.config.browserAudit.maxPageBytes, maxUploadBytes: MAX_VISIT_UPLOAD_BYTES, maxRequests: MAX_CAPTURED_REQUESTS });
    try {
      return await visitPage(browser, { kind, url, deadline, proxy, typeIntoFields: true, userAgent, shortened });
    } finally {
      await proxy.close();
    }
  }
}

/** What a visitor's desktop Chrome sends (headless Chromium names itself HeadlessChrome, which sites treat differently). */
export function visitorUserAgent(version: string): string {
  const major = version.split('.')[0] || '130';
  return `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`;
}
