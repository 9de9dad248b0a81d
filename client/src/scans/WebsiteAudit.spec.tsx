import '../test-setup';
import { screen, within } from '@testing-library/react';
import { renderWithProviders, signedOut } from '../test-utils';
import ScanResults from './ScanResults';
import { check, emailResult } from './scan-test-helpers';
import type { AnalysisResult, WebsiteAuditSummary } from './scan-types';

const rendered: WebsiteAuditSummary = {
  mode: 'rendered',
  pageUrl: 'https://shop.example/',
  headerGrade: { grade: 'C', score: 55 },
  headerTests: [],
  thirdParties: ['facebook.com', 'hotjar.com'],
  thirdPartyRequests: [{ domain: 'hotjar.com', example: 'script request while the page ran: https://static.hotjar.com/c/hotjar-3141.js' }],
  trackers: [{ name: 'Hotjar', company: 'Hotjar (Contentsquare)', category: 'session recording', domains: ['hotjar.com'] }],
  cookies: [{ name: '_fbp', domain: 'shop.example', party: 'first', setBy: 'script', tracking: true }],
  storage: [],
  requests: { total: 40, thirdParty: 12, failed: 1 },
  tests: [
    { id: 'canvas-fingerprinting', status: 'ok', findings: [{ type: 'canvas_fingerprinting', value: 'Canvas fingerprinting by fp.vendor.example' }] },
    { id: 'key-logging', status: 'ok', findings: [] },
    { id: 'meta-pixel', status: 'unavailable', findings: [] },
  ],
  gpc: { outcome: 'not_honoured', without: { trackers: ['Hotjar'], cookies: ['_fbp'], pixels: [] }, stillWith: { trackers: ['Hotjar'], cookies: ['_fbp'], pixels: ['Meta PageView'] } },
};

function websiteResult(website: WebsiteAuditSummary): AnalysisResult {
  return emailResult({ input: 'https://shop.example/', inputType: 'url', checks: [check({ id: 'website', label: 'Website privacy check', status: website.mode === 'rendered' ? 'ok' : 'partial' })], website });
}

describe('the website audit in the results', () => {
  it("shows each browser test's outcome, Global Privacy Control and what still loads with it", async () => {
    renderWithProviders(<ScanResults result={websiteResult(rendered)} headingAs="h2" onScanAnother={() => undefined} />, { auth: signedOut });
    const section = await screen.findByTestId('website-audit');
    expect(within(section).getByText(/We loaded https:\/\/shop\.example\/ in a real browser \(Chromium\)/)).toBeTruthy();
    const canvas = section.querySelector('[data-test="canvas-fingerprinting"]')!;
    expect(canvas.getAttribute('data-outcome')).toBe('found');
    expect(within(canvas as HTMLElement).getByText('Canvas fingerprinting by fp.vendor.example')).toBeTruthy();
    expect(section.querySelector('[data-test="key-logging"]')!.getAttribute('data-outcome')).toBe('not seen');
    expect(section.querySelector('[data-test="meta-pixel"]')!.getAttribute('data-outcome')).toBe('not run');
    const gpc = within(screen.getByTestId('gpc-outcome'));
    expect(gpc.getByText('Not honoured')).toBeTruthy();
    expect(gpc.getByText('Meta PageView event')).toBeTruthy();
    // Sec-GPC is explained once, in plain words, where the verdict is.
    expect(gpc.getByTestId('gpc-explained').textContent).toMatch(/adds the line "Sec-GPC: 1" to every request/);
    expect(screen.getAllByTestId('gpc-explained')).toHaveLength(1);
    expect(within(section).getByText(/first-party, shop\.example, set by a script, tracking/)).toBeTruthy();
  });

  it("lists trackers only named in the page's code apart from those that loaded", async () => {
    const consentGated = { ...rendered, referencedTrackers: [{ name: 'TikTok Pixel', company: 'ByteDance', category: 'advertising', domains: ['tiktok.com'] }] };
    renderWithProviders(<ScanResults result={websiteResult(consentGated)} headingAs="h2" onScanAnother={() => undefined} />, { auth: signedOut });
    const referenced = await screen.findByTestId('referenced-trackers');
    expect(within(referenced).getByText(/not loaded during our visit \(1\)/)).toBeTruthy();
    expect(within(referenced).getByText(/TikTok Pixel/)).toBeTruthy();
    expect(within(referenced).getByText(/do not count against the site/)).toBeTruthy();
    expect(screen.getByText('Known trackers (1)')).toBeTruthy();
    // Footprint's own catalogue served alone: no list to credit.
    expect(screen.queryByTestId('tracker-list-credit')).toBeNull();
  });

  it('credits the fetched tracker list with its licence and when it was fetched', async () => {
    const trackerList = { name: 'third-party-web (Patrick Hulce)', url: 'https://github.com/patrickhulce/third-party-web', license: 'MIT', licenseUrl: 'https://github.com/patrickhulce/third-party-web/blob/master/LICENSE', fetchedAt: '2026-11-30T10:00:00.000Z' };
    renderWithProviders(<ScanResults result={websiteResult({ ...rendered, trackerList })} headingAs="h2" onScanAnother={() => undefined} />, { auth: signedOut });
    const credit = await screen.findByTestId('tracker-list-credit');
    expect(credit.textContent).toMatch(/^Trackers named with the list of third-party-web \(Patrick Hulce\).*\(MIT.*\), fetched .*2026.*Footprint's own catalogue\.$/);
    expect(within(credit).getByRole('link', { name: /third-party-web/ }).getAttribute('href')).toBe('https://github.com/patrickhulce/third-party-web');
    expect(within(credit).getByRole('link', { name: /MIT/ }).getAttribute('href')).toMatch(/LICENSE$/);
  });

  it('says plainly when the page was analysed without running its scripts', async () => {
    renderWithProviders(
      <ScanResults result={websiteResult({ ...rendered, mode: 'static', fallbackReason: 'Chromium is not available on this server', tests: [], gpc: undefined, requests: undefined })} headingAs="h2" onScanAnother={() => undefined} />,
      { auth: signedOut },
    );
    expect((await screen.findByTestId('static-fallback')).textContent).toMatch(/^Analysed without running the page's scripts \(Chromium is not available on this server\)/);
    expect(screen.getByText(/Website privacy check: partly checked, nothing found/)).toBeTruthy();
  });
});
