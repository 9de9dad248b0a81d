import { sampleBreach } from '../../../test/fakes/hibp';
import type { AnalysisResult } from '../scans/result/analysis.types';
import { breachDetail } from '../scans/analysis/email-breaches.analyzer';
import type { ExifFinding } from '../images/exif-findings.analyzer';
import type { CompletedScan } from '../scans/scan.repository';
import { storedFindingsOfResult } from '../scans/stored-findings.mapper';
import { storedFindingsOfImage } from '../images/stored-image-findings.mapper';
import { websiteAuditOf } from '../scans/stored-website-audit.mapper';
import type { BreachDetail, RiskDetail } from '../vocabulary/finding.types';
import { EXIF_RISK_CATALOGUE, imageRiskLevel } from '../vocabulary/image-risk.catalogue';
import { FINDING_RECOMMENDATIONS } from '../vocabulary/recommendation.catalogue';
import { buildReport, categoryRisk, latestPerInput, levelOf } from './report.builder';
import type { PrivacyTrend } from './privacy-trend.rules';
import { SAMPLE_REPORT } from './report.catalogue';

const NOW = new Date('2026-02-01T12:00:00Z');
const at = (day: number) => new Date(Date.UTC(2026, 0, day, 10));

function breach(name: string, overrides: Partial<BreachDetail> = {}): BreachDetail {
  return { ...breachDetail(sampleBreach({ Name: name, Title: `${name} Title`, Domain: `${name.toLowerCase()}.example` })), ...overrides };
}

function risk(type: RiskDetail['type'], level: RiskDetail['risk'], value: string): RiskDetail {
  return { kind: 'risk', type, value, source: 'Gravatar', risk: level, evidence: { summary: `seen: ${value}` } };
}

/** A completed privacy scan as the scans table keeps it: its findings made from its result by the real code. */
function privacyScan(id: string, input: string, day: number, score: number, groups: Partial<Record<string, unknown[]>> = {}): CompletedScan {
  const group = (name: string) => ({ count: groups[name]?.length ?? 0, details: groups[name] ?? [], summary: '' });
  const detailsOf = (name: string) => (groups[name] ?? []) as (BreachDetail | RiskDetail)[];
  const recommendations = [...detailsOf('personalInfo'), ...detailsOf('locationData'), ...detailsOf('metadata')]
    .filter((d): d is RiskDetail => d.kind === 'risk')
    .map((d) => {
      const { category, action, priority } = FINDING_RECOMMENDATIONS[d.type];
      return { category, action, priority };
    });
  const result = {
    input,
    privacyScore: score,
    breaches: { ...group('breaches'), hiddenSensitive: 0 },
    personalInfo: group('personalInfo'),
    locationData: group('locationData'),
    metadata: group('metadata'),
    socialMedia: group('socialMedia'),
    recommendations,
  } as unknown as AnalysisResult;
  return { id, scanType: 'privacy', input, score, riskLevel: null, findings: storedFindingsOfResult(result), recommendations, startedAt: at(day), websiteAudit: null };
}

function imageScan(id: string, fileName: string, day: number, riskScore: number, findings: ExifFinding[]): CompletedScan {
  return { id, scanType: 'image', input: fileName, score: null, riskLevel: imageRiskLevel(riskScore), findings: storedFindingsOfImage(findings), recommendations: [], startedAt: at(day), websiteAudit: null };
}

const gps: ExifFinding = {
  category: 'location',
  severity: 'high',
  description: 'GPS coordinates of where the photo was taken',
  redactedValue: '51.76, -0.32',
  recommendation: 'Strip the location.',
  sources: ['EXIF GPS'],
};
const camera: ExifFinding = {
  category: 'device',
  severity: 'low',
  description: 'Camera make and model',
  redactedValue: 'Canon EOS',
  recommendation: 'Strip the device.',
  sources: ['EXIF Make'],
};

const NO_TREND: PrivacyTrend = { direction: 'not-enough-history', inputs: 0, change: null };
/** The report's input for these scans: the figures (the dashboard's, computed by the scan history) come in as they are. */
const input = (scans: CompletedScan[], extra: { totalScans?: number; pdfAvailable?: boolean } = {}) => ({
  scans,
  averagePrivacyScore: 77,
  privacyTrend: NO_TREND,
  totalScans: extra.totalScans ?? scans.length,
  lastScanAt: scans.length ? new Date(Math.max(...scans.map((s) => s.startedAt.getTime()))) : null,
  pdfAvailable: extra.pdfAvailable ?? false,
  now: NOW,
  requests: [],
});

describe('buildReport', () => {
  it('is the labelled sample only when the user has no scans at all', () => {
    const sample = buildReport(input([]));
    expect(sample.sample).toBe(true);
    expect(sample.summary).toEqual(SAMPLE_REPORT.summary);
    expect(sample.generatedAt).toBe(NOW.toISOString());

    // Scans that all failed: the user's own (empty) report, not the sample.
    const own = buildReport({ ...input([], { totalScans: 2, pdfAvailable: true }), averagePrivacyScore: null, lastScanAt: at(3) });
    expect(own.sample).toBe(false);
    expect(own.pdfAvailable).toBe(true);
    expect(own.summary).toEqual({ totalScans: 2, averagePrivacyScore: null, lastScanDate: at(3).toISOString(), privacyTrend: NO_TREND, recommendationsCount: 0 });
    expect(own.detailedFindings).toEqual({ breachExposures: [], privacyViolations: [], metadataRisks: [] });
    expect(own.riskAssessment.dataBreaches).toEqual({ level: 'low', findings: 0 });
  });

  it('counts only the latest scan of each input (dedup by input)', () => {
    const older = privacyScan('old', 'jane@example.com', 1, 40, { breaches: [breach('Adobe'), breach('Canva')] });
    const newer = privacyScan('new', 'jane@example.com', 5, 85, { breaches: [breach('Canva')] });
    const other = privacyScan('other', 'john@example.com', 3, 70, { breaches: [breach('Adobe', { risk: 'medium' })] });
    const scans = [older, newer, other];
    const report = buildReport(input(scans, { pdfAvailable: true }));

    expect(report.detailedFindings.breachExposures.map((b) => [b.name, b.input])).toEqual([
      ['Adobe', 'john@example.com'],
      ['Canva', 'jane@example.com'],
    ]);
    // The figures computed by the scan history (the dashboard's) are passed through, never recomputed.
    expect(report.summary.averagePrivacyScore).toBe(77);
    expect(report.summary.privacyTrend).toEqual(NO_TREND);
    // One critical (30) and one medium (10) breach: 40 risk points.
    expect(report.riskAssessment.dataBreaches).toEqual({ level: 'high', findings: 2 });
    expect(report.summary.totalScans).toBe(3);
  });

  it('the same input as a privacy scan and an image check are two inputs', () => {
    const scans = [privacyScan('p', 'photo.jpg', 1, 90), imageScan('i', 'photo.jpg', 2, 40, [gps])];
    expect(latestPerInput(scans).map((s) => s.id)).toEqual(['i', 'p']);
  });

  it('sorts findings into the four categories, image location as location exposure', () => {
    const scans = [
      privacyScan('p', 'jane@example.com', 2, 60, {
        personalInfo: [risk('gravatar_name_public', 'medium', 'Name: Jane')],
        locationData: [risk('gravatar_location_public', 'high', 'Location: Lisbon')],
        metadata: [risk('dmarc_missing', 'medium', 'example.com has no DMARC record')],
      }),
      imageScan('i', 'beach.jpg', 3, 45, [gps, camera]),
    ];
    const report = buildReport(input(scans));
    const { privacyViolations, metadataRisks } = report.detailedFindings;

    const advice = (type: keyof typeof FINDING_RECOMMENDATIONS) => FINDING_RECOMMENDATIONS[type].action;
    expect(privacyViolations).toEqual([
      {
        type: 'location',
        riskLevel: 'high',
        description: 'GPS coordinates of where the photo was taken',
        source: 'EXIF GPS',
        input: 'beach.jpg',
        evidence: '51.76, -0.32',
        recommendation: EXIF_RISK_CATALOGUE.location.recommendation,
      },
      {
        type: 'location',
        riskLevel: 'high',
        description: 'seen: Location: Lisbon',
        source: 'Gravatar',
        input: 'jane@example.com',
        evidence: 'Location: Lisbon',
        recommendation: advice('gravatar_location_public'),
      },
      {
        type: 'oversharing',
        riskLevel: 'medium',
        description: 'seen: Name: Jane',
        source: 'Gravatar',
        input: 'jane@example.com',
        evidence: 'Name: Jane',
        recommendation: advice('gravatar_name_public'),
      },
    ]);
    expect(metadataRisks).toEqual([
      {
        riskLevel: 'medium',
        description: 'seen: example.com has no DMARC record',
        source: 'Gravatar',
        input: 'jane@example.com',
        evidence: 'example.com has no DMARC record',
        recommendation: advice('dmarc_missing'),
      },
      { riskLevel: 'low', description: 'Camera make and model', source: 'EXIF Make', input: 'beach.jpg', evidence: 'Canon EOS', recommendation: EXIF_RISK_CATALOGUE.device.recommendation },
    ]);
    expect(report.riskAssessment).toEqual({
      dataBreaches: { level: 'low', findings: 0 },
      oversharing: { level: 'low', findings: 1 },
      locationExposure: { level: 'high', findings: 2 },
      metadataRisks: { level: 'low', findings: 2 },
    });
    // The image check is never averaged with privacy scores: its risk shows as a level.
    expect(scans[1].riskLevel).toBe('medium');
  });

  it('describes a finding stored without a sentence from the catalogue, and never leaves the advice empty', () => {
    const bare = { ...risk('url_suspicious_host', 'medium', '127.0.0.1'), evidence: { summary: '', observed: 'http://127.0.0.1/' } };
    const scans = [privacyScan('p', 'http://127.0.0.1/', 1, 80, { metadata: [bare] })];
    const [row] = buildReport(input(scans)).detailedFindings.metadataRisks;
    expect(row.description).toBe(FINDING_RECOMMENDATIONS.url_suspicious_host.why);
    expect(row.evidence).toBe('127.0.0.1\nhttp://127.0.0.1/');
    expect(row.recommendation).toBe(FINDING_RECOMMENDATIONS.url_suspicious_host.action);
  });

  it('merges recommendations once each, most urgent first, with why they matter, and counts them', () => {
    const name = risk('gravatar_name_public', 'medium', 'Name: Jane');
    const scans = [
      privacyScan('a', 'jane@example.com', 1, 80, { personalInfo: [name] }),
      privacyScan('b', 'jane@work.example', 2, 80, { personalInfo: [name], locationData: [risk('gravatar_location_public', 'high', 'Lisbon')] }),
      imageScan('i', 'beach.jpg', 3, 45, [gps]),
    ];
    const report = buildReport(input(scans));
    const nameAdvice = FINDING_RECOMMENDATIONS.gravatar_name_public;
    const advice = report.recommendations;

    expect(advice.filter((r) => r.action === nameAdvice.action)).toEqual([
      { category: nameAdvice.category, priority: nameAdvice.priority, action: nameAdvice.action, message: nameAdvice.why },
    ]);
    // The image check's advice comes from the image risk catalogue, with what was found.
    expect(advice.find((r) => r.action === EXIF_RISK_CATALOGUE.location.recommendation)).toEqual({
      category: 'Image Metadata',
      priority: 'high',
      action: EXIF_RISK_CATALOGUE.location.recommendation,
      message: 'GPS location found in the metadata of your images.',
    });
    const order = { low: 0, medium: 1, high: 2, critical: 3 };
    expect(advice.map((r) => order[r.priority])).toEqual([...advice.map((r) => order[r.priority])].sort((a, b) => b - a));
    expect(report.summary.recommendationsCount).toBe(advice.length);
  });
});

describe('website audits', () => {
  // The repository reads the audit from the stored result's `website` summary and check lines.
  const websiteScan = (id: string, input: string, day: number, website: unknown, checks: unknown[] = []): CompletedScan => {
    const scan = privacyScan(id, input, day, 70);
    return { ...scan, websiteAudit: websiteAuditOf(scan, { website, checks }) ?? null };
  };
  const rendered = {
    mode: 'rendered',
    pageUrl: 'https://shop.example/',
    headerGrade: { grade: 'B', score: 70 },
    gpc: { outcome: 'partly_honoured', without: {}, stillWith: { trackers: ['Meta Pixel'], cookies: ['_fbp'], pixels: ['PageView'] } },
  };
  const checks = [
    { id: 'website', label: 'Website privacy check', status: 'ok', findings: 3, durationMs: 1 },
    { id: 'canvas-fingerprinting', label: 'Canvas fingerprinting', status: 'ok', message: 'No canvas fingerprinting', findings: 0, durationMs: 1 },
    { id: 'key-logging', label: 'Key logging', status: 'unavailable', message: 'The page did not load in time', findings: 0, durationMs: 1 },
  ];

  it("lists each website's latest scan: browser or HTML only, grade, its browser tests and the GPC outcome", () => {
    const scans = [
      websiteScan('old', 'https://shop.example/', 1, { ...rendered, mode: 'static', fallbackReason: 'no browser' }),
      websiteScan('new', 'https://shop.example/', 2, rendered, checks),
      websiteScan('static', 'https://static.example/', 3, { mode: 'static', fallbackReason: 'no browser', pageUrl: 'https://static.example/', headerGrade: null }),
      privacyScan('email', 'a@example.com', 4, 90),
    ];
    const report = buildReport(input(scans, { pdfAvailable: true }));
    expect(report.websiteAudits).toEqual([
      { input: 'https://static.example/', scannedAt: at(3).toISOString(), pageUrl: 'https://static.example/', mode: 'static', fallbackReason: 'no browser', headerGrade: null, tests: [], gpc: null },
      {
        input: 'https://shop.example/',
        scannedAt: at(2).toISOString(),
        pageUrl: 'https://shop.example/',
        mode: 'rendered',
        headerGrade: 'B (70/100)',
        tests: [
          { label: 'Canvas fingerprinting', status: 'ok', message: 'No canvas fingerprinting', findings: 0 },
          { label: 'Key logging', status: 'unavailable', message: 'The page did not load in time', findings: 0 },
        ],
        gpc: { outcome: 'partly_honoured', stillWith: ['Meta Pixel', '_fbp cookie', 'PageView event'] },
      },
    ]);
  });

  it('leaves out a website whose page could not be fetched, and anything it cannot read', () => {
    const scans = [websiteScan('none', 'https://down.example/', 1, undefined), websiteScan('odd', 'https://odd.example/', 2, { mode: 'sideways' })];
    expect(buildReport(input(scans)).websiteAudits).toEqual([]);
  });
});

describe('category levels', () => {
  it('adds risk points per finding, capped at 100', () => {
    expect(categoryRisk([])).toEqual({ level: 'low', findings: 0 });
    expect(categoryRisk(['low', 'medium'])).toEqual({ level: 'low', findings: 2 });
    expect(categoryRisk(['high'])).toEqual({ level: 'medium', findings: 1 });
    expect(categoryRisk(['critical', 'medium'])).toEqual({ level: 'high', findings: 2 });
    expect(categoryRisk(['critical', 'critical', 'critical', 'critical'])).toEqual({ level: 'high', findings: 4 });
  });

  it('turns medium at 20 and high at 40', () => {
    expect([0, 19, 20, 39, 40, 100].map(levelOf)).toEqual(['low', 'low', 'medium', 'medium', 'high', 'high']);
  });
});
