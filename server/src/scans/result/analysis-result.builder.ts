/**
 * Turns what the checks produced into the API's AnalysisResult: groups the findings, hides
 * sensitive breaches from anyone but the verified owner, withholds details from visitors, scores,
 * summarises and recommends. Falls back to the labelled demo only when no check could run at all.
 */
import type { ClassifiedScanInput } from '../../browser-shared/scan-input.rules';
import type { CheckMeta, CheckOutcome, ScanViewer } from '../checks/scan-check.types';
import { MAIN_CHECKS } from '../checks/scan-checks.registry';
import type { AnalysisResult, CheckReport, CoverageCheck, FindingGroupResult, ResultCoverage, ScoreCost } from './analysis.types';
import { Finding, FINDING_GROUPS, FindingGroup } from '../../vocabulary/finding.types';
import { demoResult } from '../analysis/demo-result.builder';
import { groupChecked, summarizeGroup } from './group-summary.builder';
import { buildRecommendations } from '../analysis/recommendations.builder';
import { costFindings, type CostedFinding, scoreOfCosts, topCostsOf } from '../analysis/scoring.rules';
import { BROWSER_TEST_IDS, BrowserTestId, contributesFindings, PASSING_FAILURES } from '../../vocabulary/check.types';
import { enoughAnswers } from '../checks/answer-coverage.rules';

export interface BuildResultInput {
  input: ClassifiedScanInput;
  viewer: ScanViewer;
  runs: { meta: Pick<CheckMeta, 'groups' | 'noun'>; report: CheckReport; outcome: CheckOutcome }[];
  startedAt: Date;
  completedAt: Date;
}

/**
 * The username check's per-site list, for every viewer: which sites answer for the name is what
 * anyone can learn by opening those links, and it names no personal data beyond the name typed.
 * What the profiles show (the findings' details) stays for signed-in users like every detail.
 */
/**
 * Pastes, like sensitive breaches, tie a person to something they may not want known: their count
 * for everyone, which pastes only for the signed-in owner of the verified address.
 */
function pastesOf(runs: BuildResultInput['runs'], owner: boolean, detailsIncluded: boolean): Pick<AnalysisResult, 'pastes'> {
  const pastes = runs.find((r) => r.report.id === 'breaches' && r.outcome.status === 'ok' && r.outcome.pastes)?.outcome.pastes;
  if (!pastes) return {};
  const shown = owner && detailsIncluded;
  const summary =
    pastes.count === 0
      ? 'Not found in any paste'
      : `Found in ${pastes.count} ${pastes.count === 1 ? 'paste' : 'pastes'}${shown ? '' : ' (which ones only its verified owner sees)'}`;
  return { pastes: { count: pastes.count, details: shown ? pastes.details : [], sources: pastes.sources, summary, detailsHidden: !shown && pastes.count > 0 } };
}

function usernameSitesOf(runs: BuildResultInput['runs']): Pick<AnalysisResult, 'usernameSites' | 'usernameSiteList'> {
  // Partial (too few sites answered): the list still shows which sites did answer, and which did not.
  const run = runs.find((r) => r.report.id === 'username' && contributesFindings(r.outcome.status) && r.outcome.usernameSites);
  if (!run?.outcome.usernameSites) return {};
  return { usernameSites: run.outcome.usernameSites, ...(run.outcome.usernameSiteList ? { usernameSiteList: run.outcome.usernameSiteList } : {}) };
}

/**
 * The website summary: the website check's part, each browser test's status and findings, and the
 * Global Privacy Control comparison. Shown to every viewer like the check lines: it names third
 * parties, trackers and cookie names, nothing about a person.
 */
function websiteOf(runs: BuildResultInput['runs']): Pick<AnalysisResult, 'website'> {
  const site = runs.find((r) => r.report.id === 'website' && r.outcome.website);
  if (!site?.outcome.website) return {};
  const tests = runs
    .filter((r): r is typeof r & { report: { id: BrowserTestId } } => (BROWSER_TEST_IDS as readonly string[]).includes(r.report.id))
    .map((r) => ({
      id: r.report.id,
      status: r.outcome.status,
      findings: r.outcome.findings.flatMap((f) => (f.detail.kind === 'risk' ? [{ type: f.detail.type, value: f.detail.value }] : [])),
    }));
  const gpc = runs.find((r) => r.report.id === 'global-privacy-control')?.outcome.gpc;
  return { website: { ...site.outcome.website, tests, ...(gpc ? { gpc } : {}) } };
}

/**
 * Which checks the result rests on. Complete when the main check for the input ran (ok, or partial:
 * a website read without running its scripts was still fetched) and, for a check of many sources,
 * enough of them answered (answer-coverage.rules.ts); checks that applied and did not run are listed with
 * their status, whatever the reason.
 */
export function coverageOf(input: ClassifiedScanInput, checks: readonly CheckReport[]): ResultCoverage {
  if (input.kind === 'unknown') throw new Error('coverageOf: the input was not classified');
  const mainCheck = MAIN_CHECKS[input.kind];
  const entry = (check: CheckReport): CoverageCheck => ({
    id: check.id,
    label: check.label,
    status: check.status,
    ...(check.message ? { message: check.message } : {}),
    ...(check.retryAfterSeconds !== undefined ? { retryAfterSeconds: check.retryAfterSeconds } : {}),
    ...(check.answers ? { answers: check.answers } : {}),
  });
  const unchecked = checks.filter((check) => !contributesFindings(check.status)).map(entry);
  const main = checks.find((check) => check.id === mainCheck);
  const withheld = scoreWithheldOf(input, checks);
  return {
    complete: main !== undefined && contributesFindings(main.status) && enoughAnswers(main.answers),
    ...(withheld ? { scoreWithheld: withheld } : {}),
    mainCheck,
    checksRun: checks.length - unchecked.length,
    checksTotal: checks.length,
    unchecked,
    partial: checks.filter((check) => check.status === 'partial').map(entry),
    // A check short of answers may be tried again too: the sites that did not answer may next time.
    retryable: unchecked.some((check) => PASSING_FAILURES.includes(check.status)) || checks.some((check) => !enoughAnswers(check.answers)),
  };
}

/**
 * Why a result that is complete still gets no privacy score: a website whose browser tests did not
 * run (no browser, busy, the page failed in it, its capture lost). Their findings (fingerprinting,
 * key logging, pixels, session recording) weigh in the score; a score without them would rate the
 * page as if they had run and found nothing. A test that does not apply (the guard refused the
 * page) withholds nothing.
 */
function scoreWithheldOf(input: ClassifiedScanInput, checks: readonly CheckReport[]): string | undefined {
  if (input.kind !== 'url') return undefined;
  const notRun = checks.filter((check) => (BROWSER_TEST_IDS as readonly string[]).includes(check.id) && !contributesFindings(check.status) && check.status !== 'not_applicable');
  if (notRun.length === 0) return undefined;
  return `No privacy score: ${notRun.length} of the browser tests did not run (${notRun.map((check) => check.label).join('; ')}), and a score without them would rate the page as if they had found nothing.`;
}

/** What a cost names when the viewer may not see the finding's details. */
const GROUP_WORDS: Readonly<Record<FindingGroup, string>> = {
  breaches: 'A data breach',
  personalInfo: 'Personal information',
  locationData: 'A location detail',
  metadata: 'A metadata risk',
  socialMedia: 'A social media risk',
};

/** A costed finding as the result names it: in full for viewers who see details, else by its group. */
function scoreCost({ finding, points, why }: CostedFinding, shown: boolean): ScoreCost {
  const detail = finding.detail;
  const type: ScoreCost['type'] = detail.kind === 'risk' ? detail.type : 'breach';
  const risk = detail.kind === 'demo-breach' ? detail.severity : detail.risk;
  const base = { group: finding.group, type, risk, points };
  if (!shown) return { ...base, label: GROUP_WORDS[finding.group] };
  const label = detail.kind === 'risk' ? detail.evidence.summary : detail.kind === 'breach' ? `${detail.title} breach (${detail.breachDate})` : detail.name;
  return { ...base, label, why };
}

export function buildAnalysisResult({ input, viewer, runs, startedAt, completedAt }: BuildResultInput): AnalysisResult {
  const checks = runs.map((run) => run.report);
  const detailsIncluded = viewer.userId !== undefined;
  const coverage = coverageOf(input, checks);
  const common = {
    input: input.value,
    inputType: input.inputType,
    coverage,
    checks,
    detailsIncluded,
    startedAt: startedAt.toISOString(),
    completedAt: completedAt.toISOString(),
  };

  if (!runs.some((run) => contributesFindings(run.outcome.status))) {
    const demo = demoResult(input.value);
    // The sample's cards are samples: nothing of the input was checked.
    const group = (name: FindingGroup): FindingGroupResult => ({
      count: demo.groups[name].count,
      checked: 'none',
      details: detailsIncluded ? demo.groups[name].details : [],
      summary: demo.groups[name].summary,
    });
    return {
      ...common,
      mode: 'demo',
      privacyScore: demo.privacyScore,
      // The sample's score is no sum of costs: nothing to name.
      topCosts: [],
      breaches: { ...group('breaches'), hiddenSensitive: 0 },
      personalInfo: group('personalInfo'),
      locationData: group('locationData'),
      metadata: group('metadata'),
      socialMedia: group('socialMedia'),
      recommendations: demo.recommendations,
    };
  }

  const findings = runs.flatMap((run) => (contributesFindings(run.outcome.status) ? run.outcome.findings : []));
  // The sources' "sensitive" flag (HIBP's first) protects people: it hides that an address was in such a breach. A
  // breach of a website's own domain ties no person to it, so only email inputs are gated.
  const ownerOfInput = input.kind === 'email' && viewer.verifiedEmail !== undefined && viewer.verifiedEmail === input.value;
  const hidden = (finding: Finding) => input.kind === 'email' && finding.detail.kind === 'breach' && finding.detail.isSensitive && !ownerOfInput;
  const visible = findings.filter((finding) => !hidden(finding));

  const byGroup = Object.fromEntries(FINDING_GROUPS.map((g) => [g, findings.filter((f) => f.group === g)])) as Record<FindingGroup, Finding[]>;
  const hiddenSensitive = byGroup.breaches.filter(hidden).length;
  const group = (name: FindingGroup): FindingGroupResult => ({
    count: byGroup[name].length,
    checked: groupChecked(name, runs),
    details: detailsIncluded ? visible.filter((f) => f.group === name).map((f) => f.detail) : [],
    summary: summarizeGroup(name, byGroup[name], runs, name === 'breaches' ? { hiddenSensitive } : {}),
  });

  // Only the findings of checks that ran count; without the main check there is no score to give.
  const scored = coverage.complete && !coverage.scoreWithheld;
  const costs = costFindings(findings, { at: startedAt, ...(input.kind === 'email' && input.domain ? { emailDomain: input.domain } : {}) });
  const topCosts = scored ? topCostsOf(costs).map((cost) => scoreCost(cost, detailsIncluded && !hidden(cost.finding))) : [];

  return {
    ...common,
    mode: 'real',
    privacyScore: scored ? scoreOfCosts(costs) : null,
    topCosts,
    breaches: { ...group('breaches'), hiddenSensitive },
    personalInfo: group('personalInfo'),
    locationData: group('locationData'),
    metadata: group('metadata'),
    socialMedia: group('socialMedia'),
    // From what the viewer may see: a sensitive breach's data classes would give it away.
    recommendations: buildRecommendations(visible),
    ...pastesOf(runs, ownerOfInput, detailsIncluded),
    ...usernameSitesOf(runs),
    ...websiteOf(runs),
  };
}
