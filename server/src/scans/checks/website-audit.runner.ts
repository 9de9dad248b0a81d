import type { BrowserAuditService, RenderOutcome } from '../../browser-audit/browser-audit.service';
import { FAIR_SHARE_MS } from '../../browser-audit/fair-share.rules';
import { lostParts, type RenderedCapture } from '../../browser-audit/capture.types';
import { gpcComparison, type GpcComparison } from '../../browser-audit/gpc-visit.rules';
import type { BrowserTestId, CheckStatus } from '../../vocabulary/check.types';
import type { Finding } from '../../vocabulary/finding.types';
import type { ClassifiedScanInput } from '../../browser-shared/scan-input.rules';
import type { CheckContext, CheckOutcome } from './scan-check.types';
import type { GpcSummary } from '../analysis/rendered/global-privacy-control.analyzer';
import type { TrackerMatcher } from '../analysis/third-party.analyzer';
import { analyzeWebsite, RenderedPage } from '../analysis/website.analyzer';
import { WEBSITE_MESSAGES, WebsiteResult, WebsiteSource } from '../sources/website.source';

/** A website scan's shared work: the page fetched (headers, HTML) and the page run in the audit browser, in parallel. */
export interface WebsiteAudit {
  site: WebsiteResult;
  render: RenderOutcome | { kind: 'not_applicable'; reason: string };
}

/** The key under which checks of one scan share the audit. */
export const WEBSITE_AUDIT = 'website-audit';

/**
 * Fetches the site through the SSRF guard and, at the same time, has the audit browser load it
 * (through the guard's proxy). A URL the guard refuses before any lookup is never queued.
 */
export async function auditWebsite(url: string | undefined, website: Pick<WebsiteSource, 'fetchSite' | 'refusal'>, browser: Pick<BrowserAuditService, 'render'>, signal: AbortSignal): Promise<WebsiteAudit> {
  const refusal = url === undefined ? WEBSITE_MESSAGES.noUrl : website.refusal(url);
  const [site, render] = await Promise.all([
    website.fetchSite(url, signal),
    refusal !== undefined || url === undefined ? Promise.resolve({ kind: 'not_applicable' as const, reason: refusal ?? WEBSITE_MESSAGES.noUrl }) : browser.render(url, signal),
  ]);
  return { site, render };
}

/** The audit of one scan, shared by the website check and the browser tests: the first to ask starts it. */
export function sharedWebsiteAudit(
  input: ClassifiedScanInput,
  context: Pick<CheckContext, 'shared' | 'scanSignal'>,
  website: Pick<WebsiteSource, 'fetchSite' | 'refusal'>,
  browser: Pick<BrowserAuditService, 'render'>,
): Promise<WebsiteAudit> {
  return context.shared.once(WEBSITE_AUDIT, () => auditWebsite(input.url, website, browser, context.scanSignal));
}

/** The plain visit when the page itself loaded in the browser; else the reason, in words for people. */
export function renderedPage(audit: WebsiteAudit): RenderedPage {
  const { render } = audit;
  if (render.kind !== 'rendered') return { ran: false, reason: render.reason };
  const visit = render.capture.plain;
  if (visit.refused) return { ran: false, reason: 'the browser was refused the page by the SSRF guard' };
  if (visit.status === undefined) {
    const error = visit.navigationError ?? 'no answer';
    if (render.capture.sharedBrowser) return { ran: false, reason: `the page did not finish loading within its fair share of browser time (${FAIR_SHARE_MS / 1000} s; other scans were waiting)` };
    return { ran: false, reason: /timeout/i.test(error) ? 'the page did not finish loading in the browser in time' : `the page did not load in the browser (${navigationErrorWords(error)})` };
  }
  return { ran: true, visit };
}

/** Chromium's network error codes people meet most, in words; others as the code alone (never Playwright's call log). */
const NET_ERRORS: Record<string, string> = {
  ERR_NAME_NOT_RESOLVED: 'the site name does not exist in DNS',
  ERR_NAME_RESOLUTION_FAILED: 'the site name could not be looked up',
  ERR_CONNECTION_REFUSED: 'the site refused the connection',
  ERR_CONNECTION_RESET: 'the connection was reset',
  ERR_CONNECTION_CLOSED: 'the site closed the connection',
  ERR_CONNECTION_TIMED_OUT: 'the connection timed out',
  ERR_TIMED_OUT: 'the site took too long to answer',
  ERR_ADDRESS_UNREACHABLE: 'the site cannot be reached',
  ERR_TUNNEL_CONNECTION_FAILED: 'the connection was refused by our safety proxy',
  ERR_EMPTY_RESPONSE: 'the site sent an empty answer',
  ERR_TOO_MANY_REDIRECTS: 'the site redirects in a loop',
  ERR_SSL_PROTOCOL_ERROR: 'the secure connection failed',
};

export function navigationErrorWords(error: string): string {
  const code = /net::(ERR_[A-Z0-9_]+)/.exec(error)?.[1];
  if (code) return NET_ERRORS[code] ?? (code.startsWith('ERR_CERT_') ? "the site's certificate is not valid" : code);
  return error.replace(/^page\.goto: /, '').split('\n')[0].slice(0, 120);
}

/**
 * The website check's outcome. The page fetched and run: 'ok'. Fetched but not run (no browser,
 * busy, failed): 'partial', saying the page was analysed without running its scripts and why.
 */
export function websiteOutcome(audit: WebsiteAudit, trackers: TrackerMatcher, now: Date): CheckOutcome {
  const { site } = audit;
  if (site.status !== 'ok') {
    return { status: site.status, message: site.message, ...('retryAfterSeconds' in site && site.retryAfterSeconds !== undefined ? { retryAfterSeconds: site.retryAfterSeconds } : {}), findings: [] };
  }
  const rendered = renderedPage(audit);
  const analysis = analyzeWebsite(site.data, trackers, now, rendered);
  if (!analysis) return { status: 'unavailable', message: WEBSITE_MESSAGES.failed, findings: [] };
  const lost = audit.render.kind === 'rendered' && rendered.ran ? lostParts(audit.render.capture) : [];
  const message = [analysis.message, rendered.ran ? popupSentence(rendered.visit.popups) : undefined, lostSentence(lost)].filter(Boolean).join(' ');
  const trackerList = trackers.trackerListInUse?.();
  const website = trackerList ? { ...analysis.summary, trackerList } : analysis.summary;
  return { status: rendered.ran && lost.length === 0 ? 'ok' : 'partial', message, findings: analysis.findings, website };
}

/** The site opened more windows than the one visited: each was closed at once (the visit keeps one page). */
function popupSentence(popups: { opened: number } | undefined): string | undefined {
  if (!popups || popups.opened === 0) return undefined;
  return `The page tried to open ${popups.opened === 1 ? 'another window' : `${popups.opened} more windows`}; the audit closed ${popups.opened === 1 ? 'it' : 'them'} at once.`;
}

/** What the capture could not keep: the audit built on it is partial. */
function lostSentence(lost: string[]): string | undefined {
  return lost.length === 0 ? undefined : `Partial: the browser's record of the page left out ${lost.join('; ')}.`;
}

/** What a browser test made of the capture: its findings and one line for the check list. */
export interface BrowserTestResult {
  findings: Finding[];
  message: string;
  gpc?: GpcSummary;
  /** The test could not do its part of the visit in the time there was: not run ('timed_out'), or only in part ('partial'). */
  incomplete?: 'timed_out' | 'partial';
}

/** A browser test: pure, the capture (and the tracker catalogue) to findings (checks/browser-test.check.ts). */
export type BrowserTestAnalyzer = (capture: RenderedCapture, trackers: TrackerMatcher) => BrowserTestResult;

/**
 * A browser test's outcome from the shared audit. It needs the page to have run in the browser:
 * otherwise it did not run, with the reason (not applicable when the guard refused the URL).
 */
export function browserTestOutcome(id: BrowserTestId, analyze: BrowserTestAnalyzer, audit: WebsiteAudit, trackers: TrackerMatcher): CheckOutcome {
  const { render } = audit;
  if (render.kind === 'not_applicable') return { status: 'not_applicable', message: render.reason, findings: [] };
  if (audit.site.status === 'not_applicable') return { status: 'not_applicable', message: audit.site.message, findings: [] };
  const page = renderedPage(audit);
  if (!page.ran) {
    const status: CheckStatus = render.kind === 'timed_out' ? 'timed_out' : render.kind === 'rendered' && render.capture.plain.refused ? 'not_applicable' : 'unavailable';
    // Every browser test says the same: short, and the site's own error stays with the website check.
    const message = audit.site.status !== 'ok' ? 'Not run: the site could not be reached.' : `Not run: ${page.reason}.`;
    return { status, message, findings: [] };
  }
  if (render.kind !== 'rendered') return { status: 'unavailable', message: 'Not run.', findings: [] };
  if (id === 'global-privacy-control' && !render.capture.gpc) {
    return { status: 'timed_out', message: 'Not run: the first visit used the time there was, so the second visit with Global Privacy Control could not be made.', findings: [] };
  }
  let shortfall: string | undefined;
  if (id === 'global-privacy-control' && render.capture.gpc) {
    // A verdict only from a second visit that loaded the page (gpc-visit.rules.ts): an empty one would read as "honoured".
    const comparison = gpcComparison(render.capture.plain, render.capture.gpc);
    if (!comparison.comparable) return gpcNotCompared(comparison, render.capture.sharedBrowser === true);
    shortfall = comparison.shortfall;
  }
  const result = analyze(render.capture, trackers);
  const lost = lostSentence([...lostParts(render.capture), ...(shortfall ? [shortfall] : [])]);
  return {
    status: result.incomplete ?? (lost ? 'partial' : 'ok'),
    message: lost ? `${result.message.replace(/\.?$/, '.')} ${lost}` : result.message,
    findings: result.findings,
    ...(result.gpc ? { gpc: result.gpc } : {}),
  };
}

/** The Global Privacy Control test when its second visit never loaded the page: no verdict, and why. */
function gpcNotCompared(comparison: Extract<GpcComparison, { comparable: false }>, sharedBrowser: boolean): CheckOutcome {
  const why =
    comparison.why === 'refused'
      ? 'was refused the page by the SSRF guard'
      : comparison.why === 'failed'
        ? `could not load the page (${navigationErrorWords(comparison.error ?? 'no answer')})`
        : sharedBrowser
          ? `did not finish loading the page within its fair share of browser time (${FAIR_SHARE_MS / 1000} s; other scans were waiting)`
          : 'did not finish loading the page in time';
  return { status: comparison.why === 'cut' ? 'timed_out' : 'unavailable', message: `Not run: the second visit, with Global Privacy Control, ${why}, so there was nothing to compare.`, findings: [] };
}
