import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SAMPLE_REPORT } from './report.catalogue';
import { clean, renderReportPdf } from './report-pdf.writer';
import type { ReportDto } from './reports.dto';

/** Text of each page, through Debian's pdftotext (poppler-utils). */
function pagesOf(pdf: Buffer): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'fp-pdf-'));
  try {
    writeFileSync(join(dir, 'r.pdf'), pdf);
    return execFileSync('pdftotext', [join(dir, 'r.pdf'), '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const report = (overrides: Partial<ReportDto> = {}): ReportDto => ({
  ...SAMPLE_REPORT,
  sample: false,
  generatedAt: '2026-03-04T05:06:07.000Z',
  pdfAvailable: true,
  requests: [],
  ...overrides,
});

describe('renderReportPdf', () => {
  it('breaks a long table across pages, numbering every page', async () => {
    const metadataRisks = Array.from({ length: 100 }, (_, i) => ({
      riskLevel: 'medium' as const,
      description: `Tracker number ${i} seen on the page, described at length so that the cell wraps over more than one line of the table`,
      source: 'Footprint tracker catalogue',
      input: `site${i}.example`,
      recommendation: 'Block third-party trackers in your browser.',
    }));
    const pages = pagesOf(await renderReportPdf(report({ detailedFindings: { ...SAMPLE_REPORT.detailedFindings, metadataRisks } })));
    expect(pages.length).toBeGreaterThan(3);
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${pages.length}`));
    const all = pages.join(' ').replace(/\s+/g, ' ');
    for (let i = 0; i < 100; i++) expect(all).toContain(`site${i}.example`);
    // The table's header comes back on the pages it continues on.
    expect(pages.filter((page) => /Risk\s+Finding\s+What to do\s+Source and input/.test(page)).length).toBeGreaterThan(1);
    expect(all).toContain('Generated 2026-03-04 05:06 UTC');
  });

  it("lists the person's privacy-rights requests with their law, status, days and notes", async () => {
    const requests: ReportDto['requests'] = [
      {
        organisationName: 'Lantern Market Ltd.',
        kind: 'erasure',
        jurisdiction: 'uk_gdpr',
        status: 'answered',
        context: 'the Lantern Market breach',
        createdAt: '2026-02-01T09:00:00.000Z',
        sentOn: '2026-02-02',
        dueOn: '2026-03-02',
        answeredOn: '2026-02-20',
        notes: 'They deleted the account.',
      },
      { organisationName: 'Meridian Data Brokers Inc.', kind: 'opt_out_sale', jurisdiction: 'ccpa', status: 'overdue', context: null, createdAt: '2026-01-05T09:00:00.000Z', sentOn: '2026-01-05', dueOn: '2026-01-27', answeredOn: null, notes: '' },
    ];
    const text = pagesOf(await renderReportPdf(report({ requests }))).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('Privacy-Rights Requests');
    expect(text).toContain('Lantern Market Ltd. For the Lantern Market breach');
    expect(text).toContain('Delete my data United Kingdom (UK GDPR)');
    expect(text).toContain('Drafted 2026-02-01 Sent 2026-02-02 Due 2026-03-02 Answered 2026-02-20');
    expect(text).toContain('They deleted the account.');
    expect(text).toContain('Overdue: no answer by the due day');
    expect(text).toContain('Stop selling or sharing my data California');
    const none = pagesOf(await renderReportPdf(report())).join(' ');
    expect(none).toContain('No privacy-rights requests yet.');
  });

  it('labels a sample as such', async () => {
    const text = pagesOf(await renderReportPdf(report({ sample: true }))).join(' ');
    expect(text).toContain('Privacy Report (Sample)');
    expect(text).toContain('sample report with made-up data');
  });

  it('prints names and places in other Latin, Greek and Cyrillic letters as written', async () => {
    const metadataRisks = [
      { riskLevel: 'high' as const, description: 'Owner: Łukasz Żółkiewski, Kraków', source: 'EXIF Artist', input: 'zdjęcie.jpg', recommendation: 'Strip it.' },
      { riskLevel: 'medium' as const, description: 'Автор: Мария Иванова, Москва', source: 'XMP dc:creator', input: 'фото.jpg', recommendation: 'Strip it.' },
      { riskLevel: 'low' as const, description: 'Τοποθεσία: Αθήνα; 東京', source: 'IPTC City', input: 'photo.jpg', recommendation: 'Strip it.' },
    ];
    const text = pagesOf(await renderReportPdf(report({ detailedFindings: { ...SAMPLE_REPORT.detailedFindings, metadataRisks } }))).join(' ').replace(/\s+/g, ' ');
    for (const words of ['Łukasz Żółkiewski, Kraków', 'zdjęcie.jpg', 'Мария Иванова, Москва', 'фото.jpg', 'Τοποθεσία: Αθήνα; ??']) expect(text).toContain(words);
  });

  it('gives every finding row a sentence, what was seen and what to do; the summary speaks the privacy score', async () => {
    const metadataRisks: ReportDto['detailedFindings']['metadataRisks'] = [
      {
        riskLevel: 'high',
        description: 'The page records visitors’ sessions through Hotjar.',
        evidence: 'Hotjar\nhttps://static.hotjar.com/c/hotjar-1.js',
        source: 'Footprint tracker catalogue',
        input: 'https://shop.example/',
        recommendation: 'Block session-recording scripts with a content blocker.',
      },
    ];
    const summary = { ...SAMPLE_REPORT.summary, averagePrivacyScore: 71, privacyTrend: { direction: 'not-enough-history' as const, inputs: 0, change: null } };
    const text = pagesOf(await renderReportPdf(report({ summary, detailedFindings: { ...SAMPLE_REPORT.detailedFindings, metadataRisks } })))
      .join(' ')
      .replace(/\s+/g, ' ');
    expect(text).toContain('The page records visitors’ sessions through Hotjar. Seen: Hotjar');
    expect(text).toContain('Block session-recording scripts with a content blocker.');
    expect(text).toMatch(/AVERAGE PRIVACY .*SCORE .*71\/100/);
    expect(text).toContain('Oversharing MEDIUM');
    expect(text).toContain('Not enough history yet');
    expect(text).toContain('higher is better');
    expect(text).not.toMatch(/risk score/i);
  });

  it('says so when a section has nothing', async () => {
    const text = pagesOf(await renderReportPdf(report({ detailedFindings: { breachExposures: [], privacyViolations: [], metadataRisks: [] } }))).join(' ');
    expect(text).toContain('No breach exposures found.');
    expect(text).toContain('No privacy violations found.');
    expect(text).toContain('No metadata risks found.');
    expect(text).toContain('No website scanned.');
  });

  it('says how each website was looked at: each browser test, and what Global Privacy Control changed', async () => {
    const websiteAudits: ReportDto['websiteAudits'] = [
      {
        input: 'https://shop.example/',
        scannedAt: '2026-03-04T05:00:00.000Z',
        pageUrl: 'https://shop.example/',
        mode: 'rendered',
        headerGrade: 'B+ (80/100)',
        tests: [
          { label: 'Canvas fingerprinting (the page run in a browser)', status: 'ok', message: 'No canvas fingerprinting (1 canvas used, none read back as a fingerprint)', findings: 0 },
          { label: 'Global Privacy Control', status: 'ok', message: 'Still loads Meta Pixel with Global Privacy Control on', findings: 1 },
        ],
        gpc: { outcome: 'not_honoured', stillWith: ['Meta Pixel', '_fbp cookie'] },
      },
      {
        input: 'https://static.example/',
        scannedAt: '2026-03-04T05:01:00.000Z',
        pageUrl: 'https://static.example/',
        mode: 'static',
        fallbackReason: 'no browser is available on this server',
        headerGrade: null,
        tests: [],
        gpc: null,
      },
    ];
    const text = pagesOf(await renderReportPdf(report({ websiteAudits }))).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('Website Audits');
    expect(text).toContain('Page run in a browser Header grade: B+ (80/100)');
    expect(text).toContain('No canvas fingerprinting (1 canvas used, none read back as a fingerprint)');
    expect(text).toContain('Not honoured Still there with it on: Meta Pixel, _fbp cookie');
    expect(text).toContain('HTML and headers only: no browser is available on this server Header grade: not graded');
    expect(text).toContain('Not tested');
  });
});

describe('clean', () => {
  it("keeps what the report's fonts can show and replaces the rest", () => {
    expect(clean('Café – “quoted” €5')).toBe('Café – “quoted” €5');
    expect(clean('Łódź, Ελλάδα, Київ ✓')).toBe('Łódź, Ελλάδα, Київ ✓');
    expect(clean('東京 🙂')).toBe('?? ?');
    expect(clean('a\u0000b\tc\nd')).toBe('a b c\nd');
  });
});
