import { ForbiddenException } from '@nestjs/common';
import type { UserDto } from '../auth/auth.dto';
import { ProfileService } from '../auth/profile.service';
import { Clock } from '../common/clock/clock.service';
import { RateLimiter } from '../common/security/rate-limiter.service';
import { automock } from '../common/testing/automock.test-helpers';
import { BreachCatalogueService } from '../scans/breach-catalogue/breach-catalogue.service';
import { RequestsService } from '../requests/requests.service';
import { MonitoringService } from '../monitoring/monitoring.service';
import { ScanHistoryService } from '../scans/scan-history.service';
import type { CompletedScan } from '../scans/scan.repository';
import type { PlanTier } from '../vocabulary/plan.catalogue';
import { DashboardService } from './dashboard.service';
import { REPORT_MESSAGES } from './reports.dto';
import { REPORT_RATE_LIMITS } from './reports-rate-limits.catalogue';
import { ReportsService } from './reports.service';

const NOW = new Date('2031-04-20T15:00:00.000Z');
const DAY = 24 * 3600_000;
const scan = (id: string, findings: CompletedScan['findings'], startedAt = new Date(NOW.getTime() - DAY)): CompletedScan => ({
  id,
  scanType: 'privacy',
  input: `${id}@example.com`,
  score: 80,
  riskLevel: null,
  findings,
  recommendations: [],
  startedAt,
  websiteAudit: null,
});
const REQUEST = {
  organisationName: 'Lantern Market Ltd.',
  kind: 'erasure',
  jurisdiction: 'uk_gdpr',
  status: 'answered',
  context: 'the Lantern Market breach',
  createdAt: '2031-03-01T10:00:00.000Z',
  sentOn: '2031-03-01',
  dueOn: '2031-04-01',
  answeredOn: '2031-03-20',
  notes: 'Deleted, they say.',
} as const;
const finding = (value: string) => ({ kind: 'risk', type: 'gravatar_name_public', group: 'personalInfo', value, risk: 'medium', source: 'Gravatar', description: 'The profile shows a name', evidence: '' }) as const;

function setup(tier: PlanTier = 'plus') {
  const history = automock(ScanHistoryService);
  const profiles = automock(ProfileService);
  const limiter = automock(RateLimiter);
  const clock = automock(Clock);
  const catalogue = automock(BreachCatalogueService);
  catalogue.recordsByName.mockResolvedValue(new Map());
  const rightsRequests = automock(RequestsService);
  rightsRequests.reportOf.mockResolvedValue([REQUEST]);
  clock.now.mockReturnValue(NOW);
  profiles.profile.mockResolvedValue({ id: 'u1', email: 'u@example.com', displayName: null, emailVerified: true, plan: { tier, expiresAt: null }, onboardingCompleted: true } as UserDto);
  history.totals.mockResolvedValue({ totalScans: 3, lastScanAt: NOW, averagePrivacyScore: 73 });
  history.latestCompletedPerInput.mockResolvedValue([scan('a', [finding('Name: A')])]);
  // One input scanned three times over nine days, its privacy score rising.
  history.privacyScores.mockResolvedValue([60, 70, 80].map((score, i) => ({ input: 'a@example.com', score, startedAt: new Date(NOW.getTime() - (9 - 4.5 * i) * DAY) })));
  history.recent.mockResolvedValue([]);
  history.riskDistribution.mockResolvedValue({ low: 1, medium: 2, high: 0, critical: 0 });
  history.dailyScores.mockResolvedValue([]);
  const monitoring = automock(MonitoringService);
  monitoring.hasMonitors.mockResolvedValue(false);
  return {
    rightsRequests,
    reports: new ReportsService(history, profiles, limiter, clock, catalogue, rightsRequests),
    dashboard: new DashboardService(history, profiles, clock, monitoring),
    history,
    monitoring,
    limiter,
  };
}

describe('ReportsService', () => {
  it('builds the report from the stored scans, read through the scan history', async () => {
    const { reports, history } = setup();
    const report = await reports.report('u1');
    expect(history.latestCompletedPerInput).toHaveBeenCalledWith('u1');
    expect(report).toMatchObject({
      sample: false,
      pdfAvailable: true,
      generatedAt: NOW.toISOString(),
      summary: { totalScans: 3, averagePrivacyScore: 73, privacyTrend: { direction: 'improving', inputs: 1, change: 20 } },
      detailedFindings: { privacyViolations: [expect.objectContaining({ description: 'The profile shows a name', evidence: 'Name: A', input: 'a@example.com' })] },
      requests: [REQUEST],
    });
  });

  it("lists the person's requests beside a sample report too: they are real even when the findings are not", async () => {
    const { reports, history, rightsRequests } = setup();
    history.totals.mockResolvedValue({ totalScans: 0, lastScanAt: null, averagePrivacyScore: null });
    const report = await reports.report('u1');
    expect(report.sample).toBe(true);
    expect(report.requests).toEqual([REQUEST]);
    expect(rightsRequests.reportOf).toHaveBeenCalledWith('u1');
  });

  it('renders the PDF only for plans with reports, rate-limited', async () => {
    const free = setup('free');
    await expect(free.reports.pdf('u1')).rejects.toThrow(new ForbiddenException(REPORT_MESSAGES.pdfNeedsPlan));
    expect(free.limiter.consume).not.toHaveBeenCalled();
    const plus = setup('plus');
    const pdf = await plus.reports.pdf('u1');
    expect(pdf.fileName).toBe('footprint-report-2031-04-20.pdf');
    expect(pdf.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(plus.limiter.consume).toHaveBeenCalledWith(REPORT_RATE_LIMITS.pdfPerUser, 'u1');
  });

  it('writes the CSV a page of scans at a time, every finding of each', async () => {
    const { reports, history, limiter } = setup('free');
    const page = Array.from({ length: 100 }, (_, i) => scan(`s${i}`, [finding(`Name ${i}`)]));
    history.completedPage.mockResolvedValueOnce(page).mockResolvedValueOnce([scan('last', [finding('Name: last'), finding('Name: again')])]);
    const csv = await reports.csv('u1');
    expect(history.completedPage.mock.calls).toEqual([
      ['u1', 0, 100],
      ['u1', 100, 100],
    ]);
    expect(csv.fileName).toBe('footprint-findings-2031-04-20.csv');
    const lines = csv.content.trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + 100 + 2 + 1);
    // The requests follow the findings.
    expect(lines.at(-1)).toContain('Lantern Market Ltd.,rights_request,requests,erasure');
    expect(limiter.consume).toHaveBeenCalledWith(REPORT_RATE_LIMITS.csvPerUser, 'u1');
  });
});

describe('DashboardService', () => {
  it("aggregates through the scan history, the score trend over the plan's retention window", async () => {
    const { dashboard, history } = setup('plus');
    expect(await dashboard.overview('u1')).toEqual({
      totalScans: 3,
      hasHistory: true,
      averagePrivacyScore: 73,
      // The same figures as the report's, from the same history.
      privacyTrend: { direction: 'improving', inputs: 1, change: 20 },
      lastScanAt: NOW.toISOString(),
      recentScans: [],
      riskDistribution: { low: 1, medium: 2, high: 0, critical: 0 },
      scoreTrend: [],
    });
    expect(history.recent).toHaveBeenCalledWith('u1', 5);
    expect(history.dailyScores).toHaveBeenCalledWith('u1', new Date(NOW.getTime() - 90 * DAY));
    const free = setup('free');
    await free.dashboard.overview('u1');
    expect(free.history.dailyScores).toHaveBeenCalledWith('u1', new Date(NOW.getTime() - 30 * DAY));
  });

  it('counts a scan or a monitor as history, never the onboarding tour alone', async () => {
    const { dashboard, history, monitoring } = setup();
    history.totals.mockResolvedValue({ totalScans: 0, lastScanAt: null, averagePrivacyScore: null });
    // The profile says the tour is done (setup's profile): a new account that skipped it has no history.
    expect((await dashboard.overview('u1')).hasHistory).toBe(false);
    monitoring.hasMonitors.mockResolvedValue(true);
    expect((await dashboard.overview('u1')).hasHistory).toBe(true);
    expect(monitoring.hasMonitors).toHaveBeenCalledWith('u1');
  });
});
