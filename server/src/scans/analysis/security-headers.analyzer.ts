import type { Finding, FindingType } from '../../vocabulary/finding.types';
import type { RiskLevel } from '../../vocabulary/risk.types';
import {
  analyzeCsp,
  formatGrade,
  gradeSecurityHeaders,
  headerValues,
  HSTS_SIX_MONTHS,
  ObservatoryGrade,
  ObservatoryInput,
  ObservatoryTest,
  ObservatoryTestResult,
  parseHsts,
} from './observatory-grade.rules';
import { truncate } from './page-document.parser';
import { FINDING_SOURCES } from '../../vocabulary/recommendation.catalogue';
import type { SiteContext } from './website-site.util';

/**
 * The page's security headers: the Observatory-style grade, and one finding per failed test of it,
 * plus Permissions-Policy (not part of the grade). All in `metadata`: they are about how the site
 * protects what visitors do there, not about a person.
 *
 * Tests failed elsewhere are reported there once, not twice: redirection and "HSTS impossible
 * without (valid) https" by the transport analyzer, cookies by the cookie analyzer.
 *
 * A page answering other than 2xx, 3xx, 401 or 403 is not graded and gives no header findings.
 *
 * The grade itself is a finding only from B+ down (low for B, medium for C, high for D and F):
 * an A is not a risk, and the check's message shows every grade anyway.
 */
export function analyzeSecurityHeaders(site: SiteContext): { findings: Finding[]; grade: ObservatoryGrade } {
  const input = observatoryInput(site);
  const grade = gradeSecurityHeaders(input);
  const findings: Finding[] = [];
  // An error page's headers are not the site's (the Observatory refuses to grade it too).
  if (!grade.graded) return { findings, grade };
  const host = hostnameOf(site.page.url);
  const add = (type: FindingType, risk: RiskLevel, value: string, summary: string, observed?: string, url?: string) =>
    findings.push({
      group: 'metadata',
      detail: { kind: 'risk', type, value, source: FINDING_SOURCES.websiteCheck, risk, evidence: { summary, ...(observed ? { observed } : {}), ...(url ? { url } : {}) } },
    });

  const gradeRisk = riskOfGrade(grade.grade);
  if (gradeRisk) {
    add(
      'security_headers_grade',
      gradeRisk,
      formatGrade(grade),
      `Graded the way Mozilla's HTTP Observatory grades sites (100 points, ${penaltyCount(grade)}, ${grade.bonusApplied ? 'bonuses counted' : 'no bonuses below 90'}): ${formatGrade(grade)}`,
      modifierLines(grade),
      /^[a-z0-9.-]+\.[a-z]{2,}$/i.test(host) ? `https://developer.mozilla.org/en-US/observatory/analyze?host=${encodeURIComponent(host)}` : undefined,
    );
  }

  const test = (name: ObservatoryTest) => grade.tests.find((t) => t.test === name)!;
  const csp = test('content-security-policy');
  if (!csp.pass) {
    const problems = analyzeCsp(input).problems;
    const observed = csp.observed ? `Content-Security-Policy: ${truncate(csp.observed, 600)}` : '(no Content-Security-Policy header)';
    switch (csp.outcome) {
      case 'csp-not-implemented':
      case 'csp-not-implemented-but-reporting-enabled': {
        const reportOnly = csp.outcome === 'csp-not-implemented-but-reporting-enabled';
        add(
          'csp_missing',
          'medium',
          reportOnly ? 'Content-Security-Policy in report-only mode' : 'No Content-Security-Policy',
          `The page ${reportOnly ? 'only reports Content-Security-Policy violations and enforces nothing' : 'sends no Content-Security-Policy'}: any script that gets into it, injected or from a compromised third party, can read everything visitors type`,
          csp.observed ?? observed,
        );
        break;
      }
      case 'csp-header-invalid':
        add('csp_invalid', 'medium', 'Content-Security-Policy cannot be parsed', `The Content-Security-Policy cannot be read (${problems.join(', ')}), so it is graded as if it were missing`, observed);
        break;
      case 'csp-implemented-with-unsafe-inline':
        add('csp_unsafe_inline', 'medium', 'Content-Security-Policy allows unsafe scripts', `The Content-Security-Policy ${problems.join(' and ')}, so it does not stop injected scripts`, observed);
        break;
      case 'csp-implemented-with-insecure-scheme':
        add('csp_insecure_sources', 'medium', 'Content-Security-Policy allows http sources', `The Content-Security-Policy ${problems.join(' and ')}: such content can be altered on the way`, observed);
        break;
      case 'csp-implemented-with-unsafe-eval':
        add('csp_unsafe_eval', 'low', "Content-Security-Policy allows 'unsafe-eval'", `The Content-Security-Policy ${problems.join(' and ')}, which turns injected text into running code`, observed);
        break;
    }
  }

  const hsts = test('strict-transport-security');
  if (hsts.outcome === 'hsts-not-implemented') {
    add('hsts_missing', 'medium', 'No Strict-Transport-Security', 'The site does not tell browsers to always use https (no Strict-Transport-Security header), so a first visit over http can be intercepted', '(no Strict-Transport-Security header)');
  } else if (hsts.outcome === 'hsts-header-invalid' || hsts.outcome === 'hsts-implemented-max-age-less-than-six-months') {
    const facts = hsts.observed ? parseHsts(hsts.observed) : undefined;
    add(
      'hsts_weak',
      'low',
      facts ? `HSTS max-age ${facts.maxAge} seconds` : 'Strict-Transport-Security not recognised',
      facts
        ? `Strict-Transport-Security lasts ${describeSeconds(facts.maxAge!)}, less than the six months (${HSTS_SIX_MONTHS} s) that protect returning visitors`
        : 'The Strict-Transport-Security header cannot be read (no valid max-age, or set twice), so browsers ignore it',
      `Strict-Transport-Security: ${hsts.observed ?? ''}${facts ? ` (includeSubDomains: ${facts.includeSubDomains ? 'yes' : 'no'}, preload: ${facts.preload ? 'yes' : 'no'})` : ''}`,
    );
  }

  const referrer = test('referrer-policy');
  if (!referrer.pass) {
    add(
      'referrer_policy_unsafe',
      'medium',
      `Referrer-Policy: ${truncate(referrer.observed ?? '', 80)}`,
      referrer.outcome === 'referrer-policy-unsafe'
        ? 'The Referrer-Policy lets the browser send the address of the page being read to other sites, including the third parties it loads'
        : 'The Referrer-Policy value is not one browsers know, so it is ignored',
      `Referrer-Policy: ${referrer.observed ?? ''}`,
    );
  }

  const xcto = test('x-content-type-options');
  if (!xcto.pass) {
    add('content_type_options_missing', 'low', 'No X-Content-Type-Options: nosniff', 'Browsers may guess ("sniff") the type of files this site serves, which can turn an uploaded file into a script', xcto.observed ? `X-Content-Type-Options: ${xcto.observed}` : '(no X-Content-Type-Options header)');
  }

  const framing = test('x-frame-options');
  if (!framing.pass) {
    add('framing_unprotected', 'medium', 'Page can be framed by any site', 'Neither X-Frame-Options nor a CSP frame-ancestors rule stops other sites from showing this page in a hidden frame (clickjacking)', framing.observed ?? '(no X-Frame-Options header, no frame-ancestors)');
  }

  const sri = test('subresource-integrity');
  if (!sri.pass) {
    const overHttp = sri.outcome !== 'sri-not-implemented-but-external-scripts-loaded-securely';
    add(
      'subresource_integrity_missing',
      overHttp ? 'high' : 'low',
      overHttp ? 'External scripts loaded insecurely' : 'External scripts without integrity checks',
      overHttp
        ? 'The page loads scripts from other sites over plain http or protocol-relative addresses, which anyone on the network path can replace'
        : 'The page runs scripts from other sites without Subresource Integrity, so whoever controls those sites controls this page',
      sri.observed,
    );
  }

  const corp = test('cross-origin-resource-policy');
  if (!corp.pass) add('corp_invalid', 'low', 'Cross-Origin-Resource-Policy not recognised', 'The Cross-Origin-Resource-Policy value is not one browsers know, so it protects nothing', `Cross-Origin-Resource-Policy: ${corp.observed ?? ''}`);

  if (headerValues(site.page.headers, 'permissions-policy').length === 0 && headerValues(site.page.headers, 'feature-policy').length === 0) {
    add('permissions_policy_missing', 'low', 'No Permissions-Policy', 'The site does not limit which browser features (camera, microphone, location…) the page and the third parties it embeds may ask for', '(no Permissions-Policy header)');
  }

  return { findings, grade };
}

/** The Observatory's three requests, from what the website source fetched. */
export function observatoryInput(site: SiteContext): ObservatoryInput {
  const { snapshot, page, document } = site;
  const https = snapshot.https.ok ? snapshot.https.page : undefined;
  const http = snapshot.http.ok ? snapshot.http.page : undefined;
  const certificateValid = (p: typeof page) => (p.url.toLowerCase().startsWith('https:') ? p.tls?.authorized === true : true);
  return {
    page: { url: page.url, status: page.status, headers: page.headers, setCookies: page.setCookies, contentType: page.contentType, document },
    ...(http && http !== page ? { otherCookies: { url: http.url, setCookies: http.setCookies } } : {}),
    ...(https ? { https: { headers: https.headers, certificateValid: certificateValid(https) } } : {}),
    ...(http ? { http: { route: http.hops.length > 0 ? http.hops.map((h) => h.url) : [http.url], certificateValid: certificateValid(http) } } : {}),
  };
}

function riskOfGrade(grade: ObservatoryGrade['grade']): RiskLevel | undefined {
  if (grade.startsWith('A')) return undefined;
  if (grade.startsWith('B')) return 'low';
  if (grade.startsWith('C')) return 'medium';
  return 'high';
}

function penaltyCount(grade: ObservatoryGrade): string {
  const penalties = grade.tests.filter((t) => t.modifier < 0);
  return penalties.length === 0 ? 'no penalties' : `${penalties.length} ${penalties.length === 1 ? 'penalty' : 'penalties'}`;
}

/** "-25 content-security-policy: no Content-Security-Policy", one line per test that moved the score. */
export function modifierLines(grade: ObservatoryGrade): string {
  return grade.tests
    .filter((t) => t.modifier !== 0)
    .sort((a, b) => a.modifier - b.modifier)
    .map((t: ObservatoryTestResult) => `${t.modifier > 0 ? '+' : ''}${t.modifier} ${t.test}: ${t.description}${t.modifier > 0 && !grade.bonusApplied ? ' (bonus not counted)' : ''}`)
    .join('\n');
}

function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

function describeSeconds(seconds: number): string {
  if (seconds < 3600) return `${seconds} seconds`;
  if (seconds < 2 * 86_400) return `${Math.round(seconds / 3600)} hours`;
  return `${Math.round(seconds / 86_400)} days`;
}
