import type { WebsiteSnapshot } from '../sources/website.source';
import type { Finding } from '../../vocabulary/finding.types';
import { formatGrade, ObservatoryGrade } from './observatory-grade';
import { analyzePagePersonalData } from './page-personal-data.analyzer';
import { analyzeSecurityHeaders } from './security-headers.analyzer';
import { analyzeThirdParties, TrackerMatcher } from './third-party.analyzer';
import { analyzeWebsiteCookies } from './website-cookies.analyzer';
import { siteContext } from './website-site';
import { analyzeWebsiteTransport } from './website-transport.analyzer';

export interface WebsiteAnalysis {
  findings: Finding[];
  grade: ObservatoryGrade;
  /** One line for the check list, shown to everyone: the grade and what was analysed. */
  message: string;
}

/**
 * Everything the website check finds in one fetched site, from pure analyzers: transport,
 * security headers (with the grade), cookies, third parties (the tracker catalogue), and personal
 * data visible on the page. Undefined when neither the https nor the http form answered.
 */
export function analyzeWebsite(snapshot: WebsiteSnapshot, trackers: TrackerMatcher, now: Date): WebsiteAnalysis | undefined {
  const site = siteContext(snapshot, now);
  if (!site) return undefined;
  const headers = analyzeSecurityHeaders(site);
  const findings = [
    ...analyzeWebsiteTransport(site),
    ...headers.findings,
    ...analyzeWebsiteCookies(site),
    ...analyzeThirdParties({ url: site.page.url, html: site.page.html }, trackers),
    ...analyzePagePersonalData(site),
  ];
  const notes = [`Security headers: grade ${formatGrade(headers.grade)}, scored the way Mozilla's HTTP Observatory scores sites`];
  notes.push(`analysed ${site.page.url} (HTTP ${site.page.status})`);
  if (site.page.truncated) notes.push('only the first 2 MB of the page were read');
  if (site.page.html === '' && site.page.contentType !== '') notes.push(`the page is not HTML (${site.page.contentType}), so only its headers and cookies were checked`);
  return { findings, grade: headers.grade, message: `${notes.join('; ')}.` };
}
