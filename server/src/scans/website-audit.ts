import type { BrowserAuditService, RenderOutcome } from '../browser-audit/browser-audit.service';
import type { PageVisit, RenderedCapture } from '../browser-audit/capture.types';
import type { BrowserTestId, CheckStatus } from '../vocabulary/check.types';
import type { Finding } from '../vocabulary/finding.types';
import type { CheckOutcome } from './analysis/analysis.types';
import { analyzeMetaPixel, analyzeRemarketing, analyzeTikTokAndXPixels } from './analysis/rendered/ad-pixels.analyzer';
import { analyzeCanvasFingerprinting } from './analysis/rendered/canvas-fingerprinting.analyzer';
import { analyzeFontFingerprinting } from './analysis/rendered/font-fingerprinting.analyzer';
import { analyzeGlobalPrivacyControl, GpcSummary } from './analysis/rendered/global-privacy-control.analyzer';
import { analyzeKeyLogging } from './analysis/rendered/key-logging.analyzer';
import { analyzeSessionRecording } from './analysis/rendered/session-recording.analyzer';
import type { TrackerMatcher } from './analysis/third-party.analyzer';
import { analyzeWebsite, RenderedPage } from './analysis/website.analyzer';
import { WEBSITE_MESSAGES, WebsiteResult, WebsiteSource } from './sources/website.source';

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

/** The plain visit when the page itself loaded in the browser; else the reason, in words for people. */
export function renderedPage(audit: WebsiteAudit): RenderedPage {
  const { render } = audit;
  if (render.kind !== 'rendered') return { ran: false, reason: render.reason };
  const visit = render.capture.plain;
  if (visit.refused) return { ran: false, reason: 'the browser was refused the page by the SSRF guard' };
  if (visit.status === undefined) {
    const error = visit.navigationError ?? 'no answer';
    return { ran: false, reason: /timeout/i.test(error) ? 'the page did not finish loading in the browser in time' : `the page did not load in the browser (${error.replace(/^page\.goto: /, '')})` };
  }
  return { ran: true, visit };
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
  return { status: rendered.ran ? 'ok' : 'partial', message: analysis.message, findings: analysis.findings, website: analysis.summary };
}

interface TestResult {
  findings: Finding[];
  message: string;
  gpc?: GpcSummary;
}

export interface BrowserTest {
  id: BrowserTestId;
  label: string;
  /** Pure: the capture (and the tracker catalogue) to findings and one line for the check list. */
  analyze(capture: RenderedCapture, trackers: TrackerMatcher): TestResult;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function found(findings: Finding[], none: string): TestResult {
  const values = findings.map((f) => (f.detail.kind === 'risk' ? f.detail.value : '')).filter(Boolean);
  return { findings, message: findings.length === 0 ? none : values.join('; ') };
}

const canvasCount = (visit: PageVisit) => new Set(visit.frames.flatMap((f) => f.canvas.map((c) => `${f.frame}:${c.canvas}`))).size;

/** The browser tests, each its own check line, in the order the result lists them. */
export const BROWSER_TESTS: readonly BrowserTest[] = [
  {
    id: 'canvas-fingerprinting',
    label: 'Canvas fingerprinting (the page run in a browser)',
    analyze: ({ plain }) => found(analyzeCanvasFingerprinting(plain.frames), `No canvas fingerprinting (${plural(canvasCount(plain), 'canvas', 'canvases')} used, none read back as a fingerprint)`),
  },
  {
    id: 'font-fingerprinting',
    label: 'Canvas font fingerprinting (fonts probed with measureText)',
    analyze: ({ plain }) => found(analyzeFontFingerprinting(plain.frames), 'No font probing: no script measured text across dozens of fonts'),
  },
  {
    id: 'session-recording',
    label: 'Session recording services',
    analyze: ({ plain }, trackers) => found(analyzeSessionRecording(plain, trackers), `No session recorder among ${plural(plain.requests.length, 'request')}`),
  },
  {
    id: 'key-logging',
    label: 'Typed text sent before submitting (key logging)',
    analyze: ({ plain }) => {
      const findings = analyzeKeyLogging(plain);
      if (findings.length > 0) return found(findings, '');
      if (plain.typed.length === 0) return { findings, message: 'The page has no text, email, search or password field to type into' };
      return { findings, message: `Typed test values into ${plural(plain.typed.length, 'field')} (${[...new Set(plain.typed.map((t) => t.kind))].join(', ')}) without submitting: none was sent to a third party` };
    },
  },
  {
    id: 'meta-pixel',
    label: 'Meta (Facebook) pixel events and advanced matching',
    analyze: ({ plain }) => found(analyzeMetaPixel(plain), 'No Meta pixel events'),
  },
  {
    id: 'remarketing-audiences',
    label: 'Google Analytics remarketing audiences',
    analyze: ({ plain }) => found(analyzeRemarketing(plain), 'Visitors are not added to Google remarketing audiences'),
  },
  {
    id: 'tiktok-x-pixels',
    label: 'TikTok and X (Twitter) pixels',
    analyze: ({ plain }) => found(analyzeTikTokAndXPixels(plain), 'No TikTok or X pixel events'),
  },
  {
    id: 'global-privacy-control',
    label: 'Global Privacy Control (a second visit saying "do not sell or share")',
    analyze: ({ plain, gpc }, trackers) => {
      if (!gpc) return { findings: [], message: '' };
      const result = analyzeGlobalPrivacyControl(plain, gpc, trackers);
      return { findings: result.findings, message: result.message, gpc: result.summary };
    },
  },
];

/**
 * A browser test's outcome from the shared audit. It needs the page to have run in the browser:
 * otherwise it did not run, with the reason (not applicable when the guard refused the URL).
 */
export function browserTestOutcome(test: BrowserTest, audit: WebsiteAudit, trackers: TrackerMatcher): CheckOutcome {
  const { render } = audit;
  if (render.kind === 'not_applicable') return { status: 'not_applicable', message: render.reason, findings: [] };
  if (audit.site.status === 'not_applicable') return { status: 'not_applicable', message: audit.site.message, findings: [] };
  const page = renderedPage(audit);
  if (!page.ran) {
    const status: CheckStatus = render.kind === 'timed_out' ? 'timed_out' : render.kind === 'rendered' && render.capture.plain.refused ? 'not_applicable' : 'unavailable';
    return { status, message: `Not run: ${page.reason}. The website check analysed the page without running its scripts.`, findings: [] };
  }
  if (render.kind !== 'rendered') return { status: 'unavailable', message: 'Not run.', findings: [] };
  if (test.id === 'global-privacy-control' && !render.capture.gpc) {
    return { status: 'timed_out', message: 'Not run: the first visit used the time there was, so the second visit with Global Privacy Control could not be made.', findings: [] };
  }
  const result = test.analyze(render.capture, trackers);
  return { status: 'ok', message: result.message, findings: result.findings, ...(result.gpc ? { gpc: result.gpc } : {}) };
}
