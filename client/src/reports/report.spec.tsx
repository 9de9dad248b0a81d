/**
 * @jest-environment ./test/support/jsdom-fetch-environment.js
 */
import '../test-setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notify } from '../components/toaster';
import ReportPage from '../pages/ReportPage';
import { renderWithProviders, signedIn } from '../test-utils';
import { downloadFileName } from './report-download';
import type { Report } from './report-types';

/** The report page against a mocked GET /api/reports/me and its PDF and CSV downloads. */

function report(overrides: Partial<Report> = {}): Report {
  return {
    sample: false,
    generatedAt: '2031-03-05T12:00:00.000Z',
    pdfAvailable: true,
    summary: {
      totalScans: 4,
      averagePrivacyScore: 62,
      lastScanDate: '2031-03-04T10:15:00.000Z',
      privacyTrend: { direction: 'improving', inputs: 1, change: 12 },
      recommendationsCount: 3,
    },
    riskAssessment: {
      dataBreaches: { level: 'high', findings: 3 },
      oversharing: { level: 'medium', findings: 2 },
      locationExposure: { level: 'low', findings: 1 },
      metadataRisks: { level: 'low', findings: 0 },
    },
    detailedFindings: {
      breachExposures: [
        { name: 'LanternMarket', title: 'Lantern Market', breachDate: '2021-03-14', pwnCount: 48213, dataClasses: ['Email addresses', 'Passwords'], sources: ['hibp', 'xposedornot'], source: 'Have I Been Pwned and XposedOrNot', input: 'alice@example.com' },
      ],
      privacyViolations: [
        {
          type: 'location',
          riskLevel: 'medium',
          description: 'Public profile shows a city',
          source: 'Gravatar',
          input: 'alice@example.com',
          evidence: 'location: Lisbon, Portugal',
          recommendation: 'Remove the location from your Gravatar profile.',
        },
      ],
      metadataRisks: [
        { riskLevel: 'high', description: 'GPS position in the photo', source: 'EXIF', input: 'holiday.jpg', evidence: '38.72, -9.14', recommendation: 'Strip metadata before sharing.' },
      ],
    },
    recommendations: [
      { category: 'Passwords', priority: 'critical', message: 'Your password leaked in Lantern Market.', action: 'Change the password and turn on two-factor sign-in.' },
      { category: 'Location', priority: 'medium', message: 'Your city is public.', action: 'Remove the location from your Gravatar profile.' },
      { category: 'Photos', priority: 'low', message: 'Photos carry GPS positions.', action: 'Strip metadata before sharing.' },
    ],
    websiteAudits: [
      {
        input: 'https://shop.example/',
        scannedAt: '2031-03-04T10:15:00.000Z',
        pageUrl: 'https://shop.example/',
        mode: 'rendered',
        headerGrade: 'B (70/100)',
        tests: [{ label: 'Canvas fingerprinting', status: 'ok', message: 'No canvas fingerprinting', findings: 0 }],
        gpc: { outcome: 'not_honoured', stillWith: ['Meta Pixel', '_fbp cookie'] },
      },
    ],
    requests: [
      {
        organisationName: 'Lantern Market Ltd.',
        kind: 'erasure',
        jurisdiction: 'gdpr',
        status: 'answered',
        context: 'the Lantern Market breach',
        createdAt: '2031-02-01T09:00:00.000Z',
        sentOn: '2031-02-02',
        dueOn: '2031-03-02',
        answeredOn: '2031-02-20',
        notes: 'They deleted the account.',
      },
    ],
    ...overrides,
  };
}

let current: Report;
let files: Record<string, () => Response>;
let requested: string[];
beforeEach(() => {
  current = report();
  requested = [];
  files = {
    '/api/reports/me/pdf': () =>
      new Response(new Blob(['%PDF-1.7 fake'], { type: 'application/pdf' }), {
        status: 200,
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="footprint-report-2031-03-05.pdf"' },
      }),
    '/api/reports/me/csv': () =>
      new Response('scan id,input\r\n1,a\r\n', {
        status: 200,
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="footprint-findings-2031-03-05.csv"' },
      }),
  };
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const path = new URL((input as Request).url).pathname;
    requested.push(path);
    if (path === '/api/reports/me') return new Response(JSON.stringify(current), { status: 200, headers: { 'Content-Type': 'application/json' } });
    const file = files[path];
    if (!file) throw new Error(`unexpected ${path}`);
    return file();
  }) as typeof fetch;
});
afterEach(() => jest.restoreAllMocks());

async function renderReport() {
  renderWithProviders(<ReportPage />, { auth: signedIn(), path: '/report' });
  await screen.findByRole('heading', { level: 2, name: 'Executive Summary' });
}

const section = (name: string) => screen.getByRole('region', { name });

describe('report page', () => {
  it("shows the user's report in the spec's sections, with no sample label", async () => {
    await renderReport();
    expect(screen.queryByTestId('sample-label')).toBeNull();
    const summary = section('Executive Summary');
    expect(within(within(summary).getByTestId('summary-total-scans')).getByText('4')).toBeTruthy();
    const average = within(summary).getByTestId('summary-average-score');
    expect(within(average).getByText('Average Privacy Score')).toBeTruthy();
    expect(within(average).getByText('62/100').getAttribute('data-tone')).toBe('yellow');
    expect(within(average).getByText('Privacy score: 0–100, higher is better')).toBeTruthy();
    expect(within(summary).getByTestId('summary-privacy-trend').textContent).toContain('↑Improving');
    expect(summary.textContent).not.toMatch(/risk score/i);
    expect(within(within(summary).getByTestId('summary-recommendations')).getByText('3')).toBeTruthy();

    const risk = section('Risk Assessment');
    const categories = within(risk).getAllByRole('heading', { level: 3 }).map((h) => {
      const card = h.closest('[data-category]') as HTMLElement;
      return [h.textContent, within(card).getByText(/findings?$/).textContent, card.querySelector('[data-level]')?.textContent];
    });
    expect(categories).toEqual([
      ['Data Breaches', '3 findings', 'High risk'],
      ['Oversharing', '2 findings', 'Medium risk'],
      ['Location Exposure', '1 finding', 'Low risk'],
      ['Metadata Risks', '0 findings', 'Low risk'],
    ]);
    expect(risk.textContent).not.toMatch(/\/100/);

    const breaches = section('Breach Exposures');
    expect(within(breaches).getByRole('heading', { name: 'Lantern Market' })).toBeTruthy();
    expect(within(breaches).getByText('Breached 14 March 2021 · 48,213 records · found for alice@example.com')).toBeTruthy();
    expect(within(breaches).getByText('Data exposed: Email addresses, Passwords')).toBeTruthy();
    expect(within(breaches).getByText('Source: Have I Been Pwned and XposedOrNot')).toBeTruthy();

    const violations = section('Privacy Violations');
    expect(within(violations).getByText('Location')).toBeTruthy();
    expect(within(violations).getByText('Public profile shows a city')).toBeTruthy();
    expect(within(violations).getByText('Seen: location: Lisbon, Portugal')).toBeTruthy();
    expect(violations.textContent).toContain('What to do: Remove the location from your Gravatar profile.');

    const metadata = section('Metadata Risks');
    expect(within(metadata).getByText('GPS position in the photo')).toBeTruthy();
    expect(within(metadata).getByText('Seen: 38.72, -9.14')).toBeTruthy();
    expect(metadata.textContent).toContain('What to do: Strip metadata before sharing.');

    const website = within(section('Website Audits')).getByTestId('report-website-audit');
    expect(within(website).getByText('Run in a browser')).toBeTruthy();
    expect(within(website).getByText('Header grade: B (70/100)')).toBeTruthy();
    expect(within(website).getByText('Canvas fingerprinting: No canvas fingerprinting')).toBeTruthy();
    expect(within(website).getByText('Not honoured')).toBeTruthy();
    expect(website.textContent).toContain('still there with it on: Meta Pixel, _fbp cookie');

    const recommendations = within(section('Recommendations')).getAllByRole('listitem');
    expect(recommendations.map((li) => li.getAttribute('data-priority'))).toEqual(['critical', 'medium', 'low']);
    expect(within(recommendations[0]).getByText('Priority: Critical')).toBeTruthy();
    expect(within(recommendations[0]).getByText('Change the password and turn on two-factor sign-in.')).toBeTruthy();

    const [asked] = within(section('Privacy-rights requests')).getAllByRole('listitem');
    expect(asked.getAttribute('data-status')).toBe('answered');
    expect(within(asked).getByText('Answered')).toBeTruthy();
    expect(within(asked).getByText('Lantern Market Ltd.')).toBeTruthy();
    expect(asked.textContent).toContain('Delete my data · EU / EEA (GDPR) · about the Lantern Market breach');
    expect(asked.textContent).toContain('Drafted 1 February 2031, sent 2 February 2031, due 2 March 2031, answered 20 February 2031');
    expect(within(asked).getByText('Outcome: They deleted the account.')).toBeTruthy();
  });

  it.each([
    ['improving', '↑', 'Improving', 5],
    ['worsening', '↓', 'Worsening', -7],
    ['steady', '→', 'Steady', 1],
  ] as const)('shows a %s privacy trend as %s %s', async (direction, arrow, words, change) => {
    current = report({ summary: { ...report().summary, privacyTrend: { direction, inputs: 2, change } } });
    await renderReport();
    const trend = screen.getByTestId('summary-privacy-trend');
    expect(trend.textContent).toContain(`Privacy Trend${arrow}${words}`);
    expect(trend.textContent).toContain('from 2 inputs scanned at least 3 times over 7 days or more.');
    expect(within(trend).getByText(arrow).getAttribute('aria-hidden')).toBe('true');
  });

  it('says there is not enough history for a trend, and why', async () => {
    current = report({ summary: { ...report().summary, privacyTrend: { direction: 'not-enough-history', inputs: 0, change: null } } });
    await renderReport();
    const trend = screen.getByTestId('summary-privacy-trend');
    expect(trend.textContent).toBe('Privacy TrendNot enough history yetA trend needs 3 scans of the same input over at least 7 days.');
  });

  it("labels the sample report shown before the first scan", async () => {
    current = report({ sample: true, pdfAvailable: false });
    await renderReport();
    const label = screen.getByTestId('sample-label');
    expect(within(label).getByText('Sample report')).toBeTruthy();
    expect(label.textContent).toContain('You have no scans yet');
  });

  it('pages the website audits instead of drawing them all', async () => {
    const audit = report().websiteAudits[0];
    current = report({ websiteAudits: Array.from({ length: 12 }, (_, i) => ({ ...audit, input: `https://site${i + 1}.example/`, pageUrl: `https://site${i + 1}.example/` })) });
    await renderReport();
    const websites = section('Website Audits');
    expect(within(websites).getAllByTestId('report-website-audit')).toHaveLength(5);
    expect(within(websites).getByText('Page 1 of 3')).toBeTruthy();
    expect(within(websites).getByText('https://site1.example/')).toBeTruthy();
    fireEvent.click(within(websites).getByRole('button', { name: 'Next' }));
    expect(within(websites).getByText('Page 2 of 3')).toBeTruthy();
    expect(within(websites).getByText('https://site6.example/')).toBeTruthy();
    expect(within(websites).queryByText('https://site1.example/')).toBeNull();
  });

  it('says so when there is nothing to list', async () => {
    current = report({ detailedFindings: { breachExposures: [], privacyViolations: [], metadataRisks: [] }, recommendations: [], websiteAudits: [], requests: [] });
    await renderReport();
    expect(within(section('Breach Exposures')).getByText('No breach exposures found.')).toBeTruthy();
    expect(within(section('Privacy Violations')).getByText('No oversharing or location exposures found.')).toBeTruthy();
    expect(within(section('Metadata Risks')).getByText('No metadata risks found.')).toBeTruthy();
    expect(within(section('Website Audits')).getByText('No website scanned.')).toBeTruthy();
    expect(within(section('Privacy-rights requests')).getByText(/^No privacy-rights requests yet\./)).toBeTruthy();
  });

  it('says when the report could not be loaded, and loads it again on Try again', async () => {
    const answer = globalThis.fetch;
    let failures = 1;
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
      const path = new URL((input as Request).url).pathname;
      if (path === '/api/reports/me' && failures-- > 0) return new Response('{"error":"down"}', { status: 500, headers: { 'Content-Type': 'application/json' } });
      return answer(input);
    }) as typeof fetch;
    renderWithProviders(<ReportPage />, { auth: signedIn(), path: '/report' });
    expect(await screen.findByText('Failed to load your report.')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'Executive Summary' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 2, name: 'Executive Summary' });
    expect(screen.queryByText('Failed to load your report.')).toBeNull();
  });
});

describe('downloads', () => {
  let saved: Array<{ name: string; href: string; type: string }>;
  beforeEach(() => {
    saved = [];
    let n = 0;
    const blobs = new Map<string, Blob>();
    URL.createObjectURL = jest.fn((blob: Blob) => {
      const url = `blob:test/${++n}`;
      blobs.set(url, blob);
      return url;
    });
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href, type: blobs.get(this.href)?.type ?? '' });
    });
  });

  it('PDF downloads the file under the name the server gave', async () => {
    await renderReport();
    fireEvent.click(screen.getByRole('button', { name: 'PDF' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ name: 'footprint-report-2031-03-05.pdf', href: 'blob:test/1', type: 'application/pdf' });
    expect(requested).toContain('/api/reports/me/pdf');
  });

  it('CSV downloads on every plan', async () => {
    current = report({ pdfAvailable: false });
    await renderReport();
    fireEvent.click(screen.getByRole('button', { name: 'CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe('footprint-findings-2031-03-05.csv');
    expect(saved[0].type).toMatch(/^text\/csv/);
  });

  it('on the free plan PDF shows the upgrade prompt to /pricing instead of downloading', async () => {
    current = report({ pdfAvailable: false });
    await renderReport();
    fireEvent.click(screen.getByRole('button', { name: 'PDF' }));
    const prompt = await screen.findByTestId('pdf-upgrade');
    expect(within(prompt).getByText('PDF reports are available on the Plus plan and above.')).toBeTruthy();
    expect(within(prompt).getByRole('link', { name: 'Upgrade to download the PDF' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('button', { name: 'PDF' }).getAttribute('aria-expanded')).toBe('true');
    expect(requested).not.toContain('/api/reports/me/pdf');
    expect(saved).toHaveLength(0);
  });

  it("shows the upgrade prompt when the server refuses the PDF for the plan (403)", async () => {
    files['/api/reports/me/pdf'] = () =>
      new Response(JSON.stringify({ error: 'PDF reports are available on the Plus plan and above. Upgrade to download this report.' }), {
        status: 403,
        headers: { 'Content-Type': 'application/json' },
      });
    await renderReport();
    fireEvent.click(screen.getByRole('button', { name: 'PDF' }));
    expect(await screen.findByTestId('pdf-upgrade')).toBeTruthy();
    expect(saved).toHaveLength(0);
  });

  it('toasts when a download fails', async () => {
    const toast = jest.spyOn(notify, 'error');
    files['/api/reports/me/csv'] = () => new Response(JSON.stringify({ error: 'Too many requests. Please try again later.' }), { status: 429, headers: { 'Content-Type': 'application/json' } });
    await renderReport();
    fireEvent.click(screen.getByRole('button', { name: 'CSV' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Too many requests. Please try again later.'));
    expect(saved).toHaveLength(0);
  });

  it('names the file itself when the server gives no name', () => {
    expect(downloadFileName(null, 'csv', new Date('2031-03-05T23:00:00Z'))).toBe('footprint-findings-2031-03-05.csv');
    expect(downloadFileName('attachment; filename="footprint-report-2031-01-02.pdf"', 'pdf')).toBe('footprint-report-2031-01-02.pdf');
  });
});
