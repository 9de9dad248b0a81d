import '../test-setup';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders, signedIn, signedOut } from '../test-utils';
import ScanResults from './ScanResults';
import { check, emailResult, visitorResult } from './scan-test-helpers';
import type { AnalysisResult, UsernameSite } from './scan-types';

const sites: UsernameSite[] = [
  { site: 'CodeHub', category: 'coding', url: 'https://codehub.example/jane_doe', outcome: 'hit', reason: 'HTTP 200 and the profile marker' },
  { site: 'LocalForum', category: 'social', url: 'http://127.0.0.1:4000/u/jane_doe', outcome: 'hit', reason: 'HTTP 200' },
  { site: 'BadList', category: 'misc', url: 'javascript:alert(1)', outcome: 'hit', reason: 'HTTP 200' },
  { site: 'Walled', category: 'social', url: 'https://walled.example/jane_doe', outcome: 'unknown', reason: 'a bot wall (HTTP 403)' },
  { site: 'Slowpoke', category: 'social', url: 'https://slow.example/jane_doe', outcome: 'unknown', reason: 'timed out after 5 s' },
  { site: 'Snapverse', category: 'social', url: 'https://snapverse.example/jane_doe', outcome: 'miss', reason: 'HTTP 404' },
  { site: 'Gamehall', category: 'gaming', url: 'https://gamehall.example/jane_doe', outcome: 'miss', reason: 'redirect to /login' },
];

function socialResult(overrides: Partial<AnalysisResult> = {}): AnalysisResult {
  return emailResult({
    input: '@jane_doe',
    inputType: 'social',
    privacyScore: 85,
    coverage: { complete: true, mainCheck: 'username', checksRun: 1, checksTotal: 1, unchecked: [], partial: [], retryable: false },
    breaches: { count: 0, checked: 'none', hiddenSensitive: 0, details: [], summary: 'Not checked: no breach check applies to this kind of input' },
    personalInfo: { count: 0, checked: 'all', details: [], summary: 'No public personal information found' },
    socialMedia: {
      count: 3,
      checked: 'all',
      summary: 'Found 3 social media risks',
      details: [
        {
          kind: 'risk',
          type: 'username_found',
          value: 'An account named jane_doe on CodeHub',
          source: 'Footprint username check',
          platform: 'CodeHub',
          risk: 'medium',
          evidence: { summary: 'CodeHub (coding) has an account named jane_doe: HTTP 200 and the profile marker', observed: 'https://codehub.example/jane_doe → HTTP 200', url: 'https://codehub.example/jane_doe' },
        },
      ],
    },
    checks: [check({ id: 'username', label: 'Username check across sites', findings: 3, message: 'Checked 7 sites: 3 found, 2 not found, 2 could not be determined' })],
    usernameSites: sites,
    ...overrides,
  });
}

const renderResult = (result: AnalysisResult, auth = signedOut) =>
  renderWithProviders(<ScanResults result={result} headingAs="h2" onScanAnother={() => {}} />, { auth });
const section = () => screen.getByRole('region', { name: 'Where this username is taken' });

describe('the username sites in the results', () => {
  it('lists found sites with Check links that open in a new tab without opener or referrer', () => {
    renderResult(socialResult());
    const found = within(section()).getByRole('list', { name: 'Sites where the username was found' });
    const items = within(found).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'CodeHubcodingCheck the CodeHub profile (opens in a new tab)',
      'LocalForumsocialCheck the LocalForum profile (opens in a new tab)',
      'BadListmisc',
    ]);
    const link = within(found).getByRole('link', { name: 'Check the CodeHub profile (opens in a new tab)' });
    expect(link.getAttribute('href')).toBe('https://codehub.example/jane_doe');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(found).getByRole('link', { name: /LocalForum/ }).getAttribute('href')).toBe('http://127.0.0.1:4000/u/jane_doe');
    // A site list entry with a script URL gets no link at all.
    expect(within(found).getAllByRole('link')).toHaveLength(2);
  });

  it('shows the address actually asked beside the profile link when it was an API address', () => {
    const apiSite: UsernameSite = { site: 'CodeHub', category: 'coding', url: 'https://codehub.example/jane_doe', askedUrl: 'https://api.codehub.example/users/jane_doe', outcome: 'hit', reason: 'HTTP 200 and the profile marker' };
    renderResult(socialResult({ usernameSites: [apiSite] }));
    expect(within(section()).getByTestId('username-asked-url').textContent).toBe('asked https://api.codehub.example/users/jane_doe: HTTP 200 and the profile marker');
    expect(within(section()).getByRole('link', { name: /CodeHub/ }).getAttribute('href')).toBe('https://codehub.example/jane_doe');
  });

  it('counts the sites that do not know the name (listed on request) and lists those that could not be checked, apart from both', () => {
    renderResult(socialResult());
    expect(within(section()).getByText('Found on 3 of 7 sites checked; 2 could not be checked')).toBeTruthy();
    const summary = within(section()).getByTestId('username-not-found');
    expect(summary.textContent).toBe('Not found on 2 sites.');
    // The misses sit in a closed <details>: listed with their reason, shown when the summary is opened.
    const details = summary.closest('details')!;
    expect(details.open).toBe(false);
    const missing = within(details).getByRole('list', { name: 'Sites where the username was not found', hidden: true });
    expect(within(missing).getAllByRole('listitem', { hidden: true }).map((item) => item.textContent)).toEqual(['SnapverseHTTP 404', 'Gamehallredirect to /login']);
    expect(within(section()).getByText('Could not check')).toBeTruthy();
    const unknown = within(section()).getByRole('list', { name: 'Sites that could not be checked' });
    expect(within(unknown).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Walleda bot wall (HTTP 403)Look by hand for the name on Walled (opens in a new tab)',
      'Slowpoketimed out after 5 sLook by hand for the name on Slowpoke (opens in a new tab)',
    ]);
    const byHand = within(unknown).getByRole('link', { name: 'Look by hand for the name on Walled (opens in a new tab)' });
    expect(byHand.getAttribute('href')).toBe('https://walled.example/jane_doe');
    expect(byHand.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows the list to visitors, and the evidence of each found site only to signed-in users', () => {
    const full = socialResult();
    const visitor = visitorResult({ ...full, socialMedia: { ...full.socialMedia, details: [] }, detailsIncluded: false });
    const { unmount } = renderResult(visitor);
    expect(within(section()).getAllByRole('link')).toHaveLength(4);
    const visitorCard = screen.getByRole('heading', { name: 'Social Media Risks' }).closest<HTMLElement>('[data-group]')!;
    expect(within(visitorCard).queryByRole('button', { name: /Show details/ })).toBeNull();
    unmount();

    renderResult(full, signedIn());
    const card = screen.getByRole('heading', { name: 'Social Media Risks' }).closest<HTMLElement>('[data-group]')!;
    fireEvent.click(within(card).getByRole('button', { name: 'Show details for Social Media Risks' }));
    expect(within(card).getByText('An account named jane_doe on CodeHub')).toBeTruthy();
    expect(within(card).getByText(/CodeHub \(coding\) has an account named jane_doe/)).toBeTruthy();
    expect(within(card).getByText('https://codehub.example/jane_doe → HTTP 200')).toBeTruthy();
  });

  it('credits the site list with links to WhatsMyName and its licence', () => {
    const list = { name: 'WhatsMyName', url: 'https://github.com/WebBreacher/WhatsMyName', license: 'CC BY-SA 4.0', licenseUrl: 'https://creativecommons.org/licenses/by-sa/4.0/', loaded: true };
    const { unmount } = renderResult(socialResult({ usernameSiteList: { builtIn: 2, configured: 5, list } }));
    const credit = within(section()).getByTestId('username-site-list');
    expect(credit.textContent).toBe("Sites from WhatsMyName (opens in a new tab) (CC BY-SA 4.0 (opens in a new tab)) and from Footprint's own list.");
    const project = within(credit).getByRole('link', { name: 'WhatsMyName (opens in a new tab)' });
    expect(project.getAttribute('href')).toBe('https://github.com/WebBreacher/WhatsMyName');
    expect(project.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(credit).getByRole('link', { name: 'CC BY-SA 4.0 (opens in a new tab)' }).getAttribute('href')).toBe('https://creativecommons.org/licenses/by-sa/4.0/');
    unmount();

    renderResult(socialResult({ usernameSiteList: { builtIn: 7, configured: 0, list: { ...list, loaded: false } } }));
    expect(within(section()).getByTestId('username-site-list').textContent).toBe(
      "WhatsMyName's site list could not be downloaded yet: only Footprint's own list of sites was checked.",
    );
  });

  it('says nothing of a list when none is configured', () => {
    renderResult(socialResult({ usernameSiteList: { builtIn: 7, configured: 0 } }));
    expect(within(section()).queryByTestId('username-site-list')).toBeNull();
  });

  it('lists many sites that could not be checked on request, like the misses', () => {
    const many: UsernameSite[] = Array.from({ length: 12 }, (_, i) => ({ site: `Slow ${i}`, category: 'social', url: `https://slow${i}.example/jane_doe`, outcome: 'unknown', reason: 'timed out after 5 s' }));
    renderResult(socialResult({ usernameSites: [sites[0], ...many] }));
    const summary = within(section()).getByTestId('username-unknown');
    expect(summary.textContent).toBe('Could not check 12 sites.');
    const details = summary.closest('details')!;
    expect(details.open).toBe(false);
    expect(within(details).getAllByRole('listitem', { hidden: true })).toHaveLength(12);
  });

  it('says so when the name was found nowhere, and shows nothing for results without a username check', () => {
    const { unmount } = renderResult(socialResult({ usernameSites: sites.filter((s) => s.outcome === 'miss') }));
    expect(within(section()).getByText('Not found on any of the 2 sites checked')).toBeTruthy();
    expect(within(section()).queryByRole('list', { name: 'Sites where the username was found' })).toBeNull();
    expect(within(section()).queryByRole('list', { name: 'Sites that could not be checked' })).toBeNull();
    unmount();
    renderResult(emailResult());
    expect(screen.queryByRole('region', { name: 'Where this username is taken' })).toBeNull();
  });
});
