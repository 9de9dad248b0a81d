/**
 * How a stored website scan looked at the page, for the report's Website Audits section: read from
 * the stored result's `website` summary and its browser tests' check lines (not findings: those are
 * in the one stored finding shape). Pure; old or odd rows give what they hold, never a throw.
 */
import { BROWSER_TEST_IDS, CHECK_STATUSES, type CheckStatus, GPC_OUTCOMES, type GpcOutcome } from '../vocabulary/check.types';
import { GPC_SIGNAL_KINDS, type GpcSignalKind, type GpcTracking, gpcStillWith } from './analysis/rendered/global-privacy-control.analyzer';

/** One browser test of a website audit, as its check line reported it. */
export interface WebsiteAuditTest {
  label: string;
  status: CheckStatus;
  /** What the test saw, or why it did not run. */
  message?: string;
  findings: number;
}

/** How a website scan looked at the page: what the report says beside the findings. */
export interface WebsiteAudit {
  input: string;
  scannedAt: Date;
  pageUrl: string;
  /** 'rendered': the page ran in Chromium; 'static': only its HTML and headers were read. */
  mode: 'rendered' | 'static';
  fallbackReason?: string;
  /** "B+ (75/100)"; null when the page's status is not graded. */
  headerGrade: string | null;
  tests: WebsiteAuditTest[];
  /** The Global Privacy Control visit, when it ran: its outcome and what still happened with the signal on. */
  gpc: { outcome: GpcOutcome; stillWith: string[] } | null;
}

/** The parts of a stored privacy result the audit is read from (the repository selects only these). */
export interface StoredAuditParts {
  website: unknown;
  checks: unknown;
}

/** The audit of a website scan; undefined for any other scan, and for one whose page could not be fetched. */
export function websiteAuditOf(scan: { input: string; startedAt: Date }, parts: StoredAuditParts | null): WebsiteAudit | undefined {
  const website = asRecord(parts?.website);
  const mode = website?.mode;
  if (!website || (mode !== 'rendered' && mode !== 'static')) return undefined;
  const grade = asRecord(website.headerGrade);
  const browserTests = new Set<string>(BROWSER_TEST_IDS);
  const tests = arrayOf(parts?.checks).flatMap((item): WebsiteAuditTest[] => {
    const check = asRecord(item);
    if (!check || !browserTests.has(text(check.id)) || !isStatus(check.status)) return [];
    const message = text(check.message);
    return [{ label: text(check.label), status: check.status, ...(message ? { message } : {}), findings: typeof check.findings === 'number' ? check.findings : 0 }];
  });
  const gpc = asRecord(website.gpc);
  const still = asRecord(gpc?.stillWith);
  const names = (key: GpcSignalKind) => arrayOf(still?.[key]).map(text).filter(Boolean);
  return {
    input: scan.input,
    scannedAt: scan.startedAt,
    pageUrl: text(website.pageUrl),
    mode,
    ...(text(website.fallbackReason) ? { fallbackReason: text(website.fallbackReason) } : {}),
    headerGrade: grade ? `${text(grade.grade)} (${text(grade.score)}/100)` : null,
    tests,
    gpc:
      gpc && isGpcOutcome(gpc.outcome)
        ? { outcome: gpc.outcome, stillWith: gpcStillWith({ stillWith: Object.fromEntries(GPC_SIGNAL_KINDS.map((kind) => [kind, names(kind)])) as GpcTracking }) }
        : null,
  };
}

function isStatus(value: unknown): value is CheckStatus {
  return typeof value === 'string' && (CHECK_STATUSES as readonly string[]).includes(value);
}

function isGpcOutcome(value: unknown): value is GpcOutcome {
  return typeof value === 'string' && (GPC_OUTCOMES as readonly string[]).includes(value);
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}
