import { CHECK_IDS, type CheckId, checkMetaOf } from '../checks/scan-checks.registry';
import type { CheckStatus } from '../../vocabulary/check.types';
import { type Finding, FINDING_GROUPS, type FindingGroup } from '../../vocabulary/finding.types';
import { summarizeGroup, type SummaryCheck } from './group-summary.builder';

/** A registered check of this scan (its real meta: groups and noun) and how it ended. */
const report = (id: CheckId, status: CheckStatus, retryAfterSeconds?: number): SummaryCheck => ({
  meta: checkMetaOf(id),
  report: { status, ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}) },
});

const findings = (group: FindingGroup, n: number): Finding[] =>
  Array.from({ length: n }, () => ({
    group,
    detail: { kind: 'risk', type: 'url_not_https', value: 'v', source: 's', risk: 'medium', evidence: { summary: 's' } },
  }));

const emailChecks = [report('breaches', 'ok'), report('gravatar', 'ok'), report('email-dns', 'ok'), report('email-provider', 'ok')];

describe('summarizeGroup', () => {
  describe('counts in words', () => {
    it.each([
      ['breaches', 0, 'No known breaches found for this address'],
      ['breaches', 1, 'Found in 1 known data breach'],
      ['breaches', 3, 'Found in 3 known data breaches'],
      ['personalInfo', 0, 'No public personal information found'],
      ['personalInfo', 1, 'Found 1 piece of public personal information'],
      ['personalInfo', 4, 'Found 4 pieces of public personal information'],
      ['locationData', 0, 'No public location data found'],
      ['locationData', 1, 'Found 1 public location detail'],
      ['locationData', 2, 'Found 2 public location details'],
      ['metadata', 0, 'No metadata risks found'],
      ['metadata', 1, 'Found 1 metadata risk'],
      ['metadata', 5, 'Found 5 metadata risks'],
      ['socialMedia', 0, 'No social media risks found'],
      ['socialMedia', 1, 'Found 1 social media risk'],
      ['socialMedia', 2, 'Found 2 social media risks'],
    ] as const)('%s with %i findings: %s', (group, n, text) => {
      expect(summarizeGroup(group, findings(group, n), emailChecks)).toBe(text);
    });

    it('counts only the findings of its own group', () => {
      const mixed = [...findings('breaches', 2), ...findings('metadata', 3)];
      expect(summarizeGroup('breaches', mixed, emailChecks)).toBe('Found in 2 known data breaches');
      expect(summarizeGroup('metadata', mixed, emailChecks)).toBe('Found 3 metadata risks');
    });
  });

  describe('checks that did not run', () => {
    it.each([
      ['not_configured', undefined, 'Not checked: the breach service is not configured'],
      ['unavailable', undefined, 'Not checked: the breach service is unavailable'],
      ['timed_out', undefined, 'Not checked: the breach service timed out'],
      ['rate_limited', undefined, 'Not checked: the breach service is rate limited'],
      ['rate_limited', 2, 'Not checked: the breach service is rate limited (try again in 2 seconds)'],
      ['rate_limited', 1, 'Not checked: the breach service is rate limited (try again in 1 second)'],
      ['rate_limited', 90, 'Not checked: the breach service is rate limited (try again in 2 minutes)'],
      ['rate_limited', 7200, 'Not checked: the breach service is rate limited (try again in 2 hours)'],
    ] as const)('says the breach check %s (retry %p) instead of claiming no breaches', (status, retry, text) => {
      expect(summarizeGroup('breaches', [], [report('breaches', status, retry)])).toBe(text);
    });

    it('names every check of the group that did not run', () => {
      const checks = [report('email-dns', 'timed_out'), report('email-provider', 'unavailable')];
      expect(summarizeGroup('metadata', [], checks)).toBe('Not checked: the DNS lookup timed out; the email provider check is unavailable');
    });

    it('reports what the checks that ran found, and names the ones that did not', () => {
      const checks = [report('email-dns', 'timed_out'), report('email-provider', 'ok')];
      expect(summarizeGroup('metadata', findings('metadata', 1), checks)).toBe('Found 1 metadata risk. Not checked: the DNS lookup timed out');
      expect(summarizeGroup('metadata', [], checks)).toBe('No metadata risks found. Not checked: the DNS lookup timed out');
    });

    it('ignores checks that fed other groups', () => {
      const checks = [report('breaches', 'not_configured'), report('gravatar', 'ok')];
      expect(summarizeGroup('personalInfo', [], checks)).toBe('No public personal information found');
    });
  });

  describe('groups no check applies to', () => {
    it('says so when no check of the group ran for this input', () => {
      const urlChecks = [report('url-input', 'ok')];
      expect(summarizeGroup('breaches', [], urlChecks)).toBe('Not checked: no breach check applies to this kind of input');
      expect(summarizeGroup('personalInfo', [], urlChecks)).toBe('Not checked: no personal-information check applies to this kind of input');
      expect(summarizeGroup('locationData', [], urlChecks)).toBe('Not checked: no location check applies to this kind of input');
      expect(summarizeGroup('socialMedia', [], urlChecks)).toBe('Not checked: no social media check applies to this kind of input');
    });

    it('treats a check reported as not applicable like one that was not run', () => {
      expect(summarizeGroup('breaches', [], [report('breaches', 'not_applicable')])).toBe(
        'Not checked: no breach check applies to this kind of input',
      );
    });
  });

  describe('sensitive breaches hidden from this viewer', () => {
    it('says how many of the counted breaches are hidden', () => {
      expect(summarizeGroup('breaches', findings('breaches', 3), emailChecks, { hiddenSensitive: 1 })).toBe(
        'Found in 3 known data breaches (1 of them sensitive, shown only to the verified owner of this address)',
      );
      expect(summarizeGroup('breaches', findings('breaches', 1), emailChecks, { hiddenSensitive: 1 })).toBe(
        'Found in 1 known data breach (it is sensitive, shown only to the verified owner of this address)',
      );
      expect(summarizeGroup('breaches', findings('breaches', 2), emailChecks, { hiddenSensitive: 2 })).toBe(
        'Found in 2 known data breaches (all are sensitive, shown only to the verified owner of this address)',
      );
    });

    it('adds nothing when none is hidden', () => {
      expect(summarizeGroup('breaches', findings('breaches', 2), emailChecks, { hiddenSensitive: 0 })).toBe('Found in 2 known data breaches');
    });
  });

  describe('a website scan', () => {
    const websiteChecks = [report('url-input', 'ok'), report('website', 'ok'), report('website-breaches', 'ok')];

    it('gives a real answer for every group when the website checks ran', () => {
      expect(FINDING_GROUPS.map((group) => summarizeGroup(group, [], websiteChecks))).toEqual([
        'No known breaches found for this address',
        'No public personal information found',
        'No public location data found',
        'No metadata risks found',
        'No social media risks found',
      ]);
    });

    it('counts website findings in the groups they belong to', () => {
      expect(summarizeGroup('locationData', findings('locationData', 1), websiteChecks)).toBe('Found 1 public location detail');
      expect(summarizeGroup('socialMedia', findings('socialMedia', 2), websiteChecks)).toBe('Found 2 social media risks');
    });

    it('names the breach catalogue when it could not be read, and the website check when it timed out', () => {
      const checks = [report('url-input', 'ok'), report('website', 'timed_out'), report('website-breaches', 'unavailable')];
      expect(summarizeGroup('breaches', [], checks)).toBe('Not checked: the breach catalogue is unavailable');
      expect(summarizeGroup('metadata', findings('metadata', 1), checks)).toBe('Found 1 metadata risk. Not checked: the website check timed out');
      expect(summarizeGroup('personalInfo', [], checks)).toBe('Not checked: the website check timed out');
    });

    it('treats a site the SSRF guard refused (not applicable) as not checkable, without calling it an outage', () => {
      const checks = [report('url-input', 'ok'), report('website', 'not_applicable'), report('website-breaches', 'ok')];
      expect(summarizeGroup('personalInfo', [], checks)).toBe('Not checked: no personal-information check applies to this kind of input');
      expect(summarizeGroup('metadata', [], checks)).toBe('No metadata risks found');
    });
  });

  it('has every group fed by at least one registered check', () => {
    for (const group of FINDING_GROUPS) expect(CHECK_IDS.filter((id) => checkMetaOf(id).groups.includes(group)).length).toBeGreaterThan(0);
  });

  it('gives a real, clean answer for every group of a clean email scan', () => {
    const texts = FINDING_GROUPS.map((group) => summarizeGroup(group, [], emailChecks));
    expect(texts.some((text) => text.startsWith('Not checked'))).toBe(false);
  });
});
