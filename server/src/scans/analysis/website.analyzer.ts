import type { PageVisit } from '../../browser-audit/capture.types';
import type { WebsiteSnapshot } from '../sources/website.source';
import type { Finding } from '../../vocabulary/finding.types';
import { formatGrade, ObservatoryGrade } from './observatory-grade.rules';
import { analyzePagePersonalData } from './page-personal-data.analyzer';
import { analyzeTrackingCookies, cookieLifetime, cookieSetter, trackingCookieOwner } from './rendered/tracking-cookies.analyzer';
import { analyzeSecurityHeaders } from './security-headers.analyzer';
import { parseSetCookie } from './set-cookie.parser';
import { analyzeThirdParties, thirdPartyInventory, TrackerMatcher } from './third-party.analyzer';
import type { WebsiteSummaryPart } from '../../vocabulary/check.types';
import { analyzeWebsiteCookies } from './website-cookies.analyzer';
import { siteContext } from './website-site.util';
import { analyzeWebsiteTransport } from './website-transport.analyzer';

export interface WebsiteAnalysis {
  findings: Finding[];
  grade: ObservatoryGrade;
  /** One line for the check list, shown to everyone: the grade and what was analysed. */
  message: string;
  summary: WebsiteSummaryPart;
}

/** Header values kept in the summary are cut to this many characters. */
const MAX_OBSERVED = 300;

/** What the browser saw on its plain visit, when the page ran there; else why it did not. */
export type RenderedPage = { ran: true; visit: PageVisit } | { ran: false; reason: string };

/**
 * Everything the website check finds in one fetched site, from pure analyzers: transport,
 * security headers (with the grade), cookies, third parties (the tracker catalogue), and personal
 * data visible on the page. When the page also ran in the audit browser, the third parties are
 * every request it made (not only the URLs written in the HTML), and the tracking cookies it left
 * are added; session recorders are then reported by their own browser test. Undefined when
 * neither the https nor the http form answered.
 */
export function analyzeWebsite(snapshot: WebsiteSnapshot, trackers: TrackerMatcher, now: Date, rendered: RenderedPage = { ran: false, reason: '' }): WebsiteAnalysis | undefined {
  const site = siteContext(snapshot, now);
  if (!site) return undefined;
  const headers = analyzeSecurityHeaders(site);
  const visit = rendered.ran ? rendered.visit : undefined;
  const page = { url: site.page.url, html: site.page.html };
  const findings = [
    ...analyzeWebsiteTransport(site),
    ...headers.findings,
    ...analyzeWebsiteCookies(site),
    ...(visit ? analyzeTrackingCookies(visit, now) : []),
    ...analyzeThirdParties(page, trackers, visit ? { requests: visit.requests, omitCategories: ['session recording'] } : {}),
    ...analyzePagePersonalData(site),
  ];
  const notes = [
    headers.grade.graded
      ? `Security headers: grade ${formatGrade(headers.grade)}, scored the way Mozilla's HTTP Observatory scores sites`
      : `Security headers: not graded, the page answered HTTP ${site.page.status} (the Observatory grades only pages answering 2xx, 3xx, 401 or 403)`,
  ];
  notes.push(`analysed ${site.page.url} (HTTP ${site.page.status})`);
  if (visit) {
    const third = visit.requests.filter((r) => r.party === 'third');
    notes.push(`ran the page in Chromium: ${visit.requests.length} requests, ${third.length} of them to ${new Set(third.map((r) => hostOf(r.url))).size} third-party hosts, ${visit.cookies.length} cookies`);
  } else if (rendered.ran === false && rendered.reason) {
    notes.unshift(`Analysed without running the page's scripts: ${rendered.reason}`);
  }
  if (site.page.truncated) notes.push('only the first 2 MB of the page were read');
  if (site.page.html === '' && site.page.contentType !== '') notes.push(`the page is not HTML (${site.page.contentType}), so only its headers and cookies were checked`);

  const inventory = thirdPartyInventory(page, trackers, visit ? { requests: visit.requests } : {});
  const summary: WebsiteSummaryPart = {
    mode: visit ? 'rendered' : 'static',
    ...(!visit && rendered.ran === false && rendered.reason ? { fallbackReason: rendered.reason } : {}),
    pageUrl: site.page.url,
    headerGrade: headers.grade.graded ? { grade: headers.grade.grade, score: headers.grade.score } : null,
    headerTests: headers.grade.tests.map((t) => ({
      test: t.test,
      outcome: t.outcome,
      pass: t.pass,
      description: t.description,
      ...(t.observed ? { observed: t.observed.length > MAX_OBSERVED ? `${t.observed.slice(0, MAX_OBSERVED - 1)}…` : t.observed } : {}),
    })),
    thirdParties: inventory.domains,
    thirdPartyRequests: inventory.examples,
    trackers: inventory.trackers,
    ...(visit ? { referencedTrackers: inventory.referencedTrackers } : {}),
    cookies: visit ? browserCookies(visit, now) : headerCookies(site.page.setCookies, site.page.url),
    storage: visit ? visit.storage.map((s) => ({ origin: s.origin, party: s.party, local: [...s.local].sort(), session: [...s.session].sort() })) : [],
    ...(visit
      ? { requests: { total: visit.requests.length + visit.requestsDropped, thirdParty: visit.requests.filter((r) => r.party === 'third').length, failed: visit.requests.filter((r) => r.outcome === 'failed').length } }
      : {}),
  };
  return { findings, grade: headers.grade, message: `${notes.join('; ')}.`, summary };
}

function browserCookies(visit: PageVisit, now: Date): WebsiteSummaryPart['cookies'] {
  return visit.cookies
    .map((c) => ({
      name: c.name,
      domain: c.domain,
      party: c.party,
      setBy: c.setBy,
      tracking: trackingCookieOwner(c) !== undefined,
      lifetime: cookieLifetime(c, now.getTime()),
      setter: cookieSetter(c),
    }))
    .sort((a, b) => a.domain.localeCompare(b.domain) || a.name.localeCompare(b.name));
}

function headerCookies(setCookies: readonly string[], url: string): WebsiteSummaryPart['cookies'] {
  const host = hostOf(url);
  const out: WebsiteSummaryPart['cookies'] = [];
  for (const raw of setCookies) {
    const cookie = parseSetCookie(raw);
    if (!cookie) continue;
    const domain = (cookie.domain ?? host).replace(/^\./, '');
    out.push({ name: cookie.name, domain, party: 'first', setBy: 'header', tracking: trackingCookieOwner({ name: cookie.name, domain, party: 'first' }) !== undefined });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}
