import type { WebsiteAuditSummary } from '../../scans/checks/scan-check.types';
import type { GpcSummary } from '../../scans/analysis/rendered/global-privacy-control.analyzer';
import type { BrowserTestId, CheckStatus } from '../../vocabulary/check.types';
import type { Finding } from '../../vocabulary/finding.types';

/**
 * What one run of a website monitor saw, normalized so two runs compare by what matters and not by
 * what changes on every visit: third parties by registrable domain (a cache buster or a rotating
 * CDN host is the same party), trackers by name, cookies by name and party (never values), the
 * header grade and each header test's outcome, each browser test's findings, and the Global
 * Privacy Control outcome. Evidence (one request per third party, header values, the requests
 * behind a finding) travels with it so an alert can show it; it is never compared.
 */
export interface WebsiteWatchSnapshot {
  /** The monitored address. */
  url: string;
  /** The page analysed, after redirects. */
  pageUrl: string;
  /** 'rendered': the page ran in the audit browser; 'static': only its HTML and headers were read. */
  mode: 'rendered' | 'static';
  fallbackReason?: string;
  headerGrade: { grade: string; score: number } | null;
  headers: { test: string; outcome: string; pass: boolean; description: string; observed?: string }[];
  thirdParties: { domain: string; example: string }[];
  trackers: { name: string; company: string; category: string; domains: string[] }[];
  cookies: { name: string; domain: string; party: 'first' | 'third'; setBy: 'header' | 'script' | 'unknown'; tracking: boolean }[];
  /** Each browser test: how it ended and what it found, with the evidence behind each finding. */
  tests: { id: BrowserTestId; status: CheckStatus; findings: { type: string; value: string; evidence?: string }[] }[];
  gpc?: GpcSummary;
  requests?: { total: number; thirdParty: number; failed: number };
}

/** The browser tests' findings as the pipeline produced them (with their evidence), by test. */
export type TestFindings = ReadonlyMap<BrowserTestId, readonly Finding[]>;

/** A run's snapshot from the scan's website summary and the browser tests' findings. */
export function websiteSnapshot(url: string, summary: WebsiteAuditSummary, testFindings: TestFindings = new Map()): WebsiteWatchSnapshot {
  const examples = new Map((summary.thirdPartyRequests ?? []).map((r) => [r.domain, r.example]));
  return {
    url,
    pageUrl: summary.pageUrl,
    mode: summary.mode,
    ...(summary.fallbackReason ? { fallbackReason: summary.fallbackReason } : {}),
    headerGrade: summary.headerGrade,
    headers: summary.headerTests ?? [],
    thirdParties: summary.thirdParties.map((domain) => ({ domain, example: examples.get(domain) ?? domain })),
    trackers: summary.trackers.map((t) => ({ name: t.name, company: t.company, category: t.category, domains: t.domains ?? [] })),
    cookies: summary.cookies.map(({ name, domain, party, setBy, tracking }) => ({ name, domain, party, setBy, tracking })),
    tests: summary.tests.map((test) => {
      const withEvidence = testFindings.get(test.id) ?? [];
      return {
        id: test.id,
        status: test.status,
        findings: test.findings.map(({ type, value }) => {
          const source = withEvidence.find((f) => f.detail.kind === 'risk' && f.detail.type === type && f.detail.value === value);
          const observed = source?.detail.evidence.observed;
          return { type, value, ...(observed ? { evidence: observed } : {}) };
        }),
      };
    }),
    ...(summary.gpc ? { gpc: summary.gpc } : {}),
    ...(summary.requests ? { requests: summary.requests } : {}),
  };
}
