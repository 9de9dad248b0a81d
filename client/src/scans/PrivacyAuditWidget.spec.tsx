/**
 * @jest-environment ./test/support/jsdom-fetch-environment.js
 */
import '../test-setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SCAN_INPUT_MESSAGES } from '@browser-shared/scan-input.rules';
import { renderWithProviders, signedIn, signedOut } from '../test-utils';
import { PrivacyAuditWidget } from './PrivacyAuditWidget';
import { SCAN_FAILED_MESSAGE } from './scan-stream';
import { check, controllableSse, emailResult, jsonResponse, recordingFetch, sseEvent, sseForResult, sseResponse, startedEvent, visitorResult } from './scan-test-helpers';
import type { AnalysisResult } from './scan-types';

let requests: Request[];
let answer: (request: Request) => Response | Promise<Response>;

beforeEach(() => {
  requests = [];
  answer = () => {
    throw new Error('no answer set');
  };
  globalThis.fetch = recordingFetch(requests, (request) => answer(request));
});

const box = () => screen.getByRole('textbox', { name: 'Email address, website URL or social media handle' });
const button = (name = 'Check My Privacy') => screen.getByRole('button', { name });

function type(value: string) {
  fireEvent.change(box(), { target: { value } });
}

/** Types the input and submits it, then waits for the results view. */
async function scanTo(result: AnalysisResult, { auth = signedOut, input = result.input } = {}) {
  answer = () => sseResponse(sseForResult(result));
  renderWithProviders(<PrivacyAuditWidget />, { auth });
  type(input);
  fireEvent.click(button());
  await screen.findByRole('heading', { name: `Results for ${result.input}` });
}

function incompleteCoverage(status: 'unavailable' | 'not_configured'): AnalysisResult['coverage'] {
  return {
    complete: false,
    mainCheck: 'breaches',
    checksRun: 1,
    checksTotal: 2,
    unchecked: [{ id: 'breaches', label: 'Data breaches', status, message: 'Have I Been Pwned is down' }],
    partial: [],
    retryable: status === 'unavailable',
  };
}

const card = (title: string) => screen.getByRole('heading', { name: title }).closest<HTMLElement>('[data-group]')!;

describe('PrivacyAuditWidget input view', () => {
  it('shows the title, the example placeholder and the button label of each page', () => {
    const { unmount } = renderWithProviders(<PrivacyAuditWidget />);
    expect(screen.getByRole('heading', { name: 'Start Your Privacy Audit' })).toBeTruthy();
    expect(box().getAttribute('placeholder')).toBe('e.g. you@example.com, https://example.com or @username');
    expect(button().textContent).toBe('Check My Privacy');
    unmount();
    renderWithProviders(<PrivacyAuditWidget buttonLabel="Start Scan" headingAs="h3" />);
    expect(button('Start Scan')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Start Your Privacy Audit' }).tagName).toBe('H3');
  });

  it('disables the button for empty and invalid input and shows the spec message for invalid input', () => {
    renderWithProviders(<PrivacyAuditWidget />);
    expect(button()).toHaveProperty('disabled', true);
    expect(screen.queryByText(SCAN_INPUT_MESSAGES.empty)).toBeNull();

    type('not an address');
    expect(button()).toHaveProperty('disabled', true);
    expect(screen.getByText(SCAN_INPUT_MESSAGES.invalid)).toBeTruthy();
    expect(box().getAttribute('aria-invalid')).toBe('true');

    for (const valid of ['alice@example.com', 'https://example.com', 'example.org', '@alice_1', 'instagram.com/alice']) {
      type(valid);
      expect({ valid, disabled: (button() as HTMLButtonElement).disabled }).toEqual({ valid, disabled: false });
      expect(screen.queryByText(SCAN_INPUT_MESSAGES.invalid)).toBeNull();
    }

    type('   ');
    expect(button()).toHaveProperty('disabled', true);
    expect(screen.queryByText(SCAN_INPUT_MESSAGES.invalid)).toBeNull();
    expect(requests).toHaveLength(0);
  });

  it('shows the empty message when Enter is pressed on an empty box, and hides it once something is typed', async () => {
    renderWithProviders(<PrivacyAuditWidget />);
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(screen.getByText(SCAN_INPUT_MESSAGES.empty)).toBeTruthy();
    type('a');
    expect(screen.queryByText(SCAN_INPUT_MESSAGES.empty)).toBeNull();
    expect(requests).toHaveLength(0);
    await act(async () => {}); // the field notices its error text come and go in a MutationObserver
  });

  it('starts a scan with Enter on a valid input', async () => {
    answer = () => sseResponse(sseForResult(visitorResult()));
    renderWithProviders(<PrivacyAuditWidget />);
    type('  alice@example.com ');
    fireEvent.keyDown(box(), { key: 'Enter' });
    await screen.findByRole('heading', { name: 'Results for alice@example.com' });
    expect(requests).toHaveLength(1);
    expect(await requests[0].json()).toEqual({ input: 'alice@example.com' });
  });
});

describe('PrivacyAuditWidget while scanning', () => {
  it('disables input and button, shows the spinner texts and each check as its event arrives; a second submit is ignored', async () => {
    let stream!: ReturnType<typeof controllableSse>;
    answer = (request) => {
      stream = controllableSse(request.signal);
      return stream.response;
    };
    const result = emailResult();
    renderWithProviders(<PrivacyAuditWidget />, { auth: signedIn() });
    type('alice@example.com');
    const form = box().closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form); // in the same tick: must be ignored

    expect(button('Scanning...')).toHaveProperty('disabled', true);
    expect(box()).toHaveProperty('disabled', true);
    expect(screen.getByText('Scanning for privacy risks...')).toBeTruthy();
    expect(screen.getByText('This may take a few seconds')).toBeTruthy();
    await waitFor(() => expect(requests).toHaveLength(1));
    const progress = screen.getByRole('region', { name: 'Checks in progress' });
    expect(progress.getAttribute('aria-live')).toBe('polite');

    await act(async () => {
      stream.push(sseEvent('started', startedEvent(result)));
    });
    await waitFor(() => expect(within(progress).getAllByRole('listitem')).toHaveLength(3));
    expect(within(progress).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Data breaches: checking…',
      'Gravatar profile: checking…',
      'Email domain DNS: checking…',
    ]);

    await act(async () => {
      stream.push(sseEvent('check', result.checks[2]));
    });
    await screen.findByText('Email domain DNS: timed out, not checked');
    expect(screen.getByText('The DNS lookup took too long.')).toBeTruthy();
    expect(screen.getByText('Data breaches: checking…')).toBeTruthy();

    await act(async () => {
      stream.push(sseEvent('check', result.checks[0]));
    });
    await screen.findByText('Data breaches: checked, 2 findings');

    fireEvent.submit(form); // still scanning: ignored
    expect(requests).toHaveLength(1);

    await act(async () => {
      stream.push(sseEvent('check', result.checks[1]) + sseEvent('result', result));
      stream.end();
    });
    await screen.findByRole('heading', { name: 'Results for alice@example.com' });
    expect(requests).toHaveLength(1);
  });
});

describe('PrivacyAuditWidget results', () => {
  it('shows the score, the Real Analysis badge, the five cards with counts and summaries, the checks and recommendations', async () => {
    await scanTo(visitorResult());
    expect(screen.getByRole('img', { name: 'Privacy score 65 out of 100: Good' }).getAttribute('data-tone')).toBe('yellow');
    expect(screen.getByText('Real Analysis')).toBeTruthy();
    expect(screen.queryByText('Demo Analysis')).toBeNull();

    const counts = ['Data Breaches', 'Personal Information', 'Location Data', 'Metadata Risks', 'Social Media Risks'].map((title) => [
      title,
      card(title).textContent,
    ]);
    expect(counts).toEqual([
      ['Data Breaches', 'Data Breaches2 foundThis address appears in 2 known data breaches.'],
      ['Personal Information', 'Personal Information1 foundYour Gravatar profile shows your name publicly.'],
      ['Location Data', 'Location Data0 foundNo location exposure found.'],
      ['Metadata Risks', 'Metadata Risks0 foundNo metadata risks found.'],
      ['Social Media Risks', 'Social Media Risks0 foundNo social media risks found.'],
    ]);

    const checks = screen.getByRole('region', { name: 'Checks run for this scan' });
    expect(within(checks).getAllByRole('listitem').map((li) => li.firstChild?.nextSibling?.firstChild?.textContent)).toEqual([
      'Data breaches: checked, 2 findings',
      'Gravatar profile: checked, 1 finding',
      'Email domain DNS: timed out, not checked',
    ]);

    expect(screen.getByRole('heading', { name: 'Privacy Recommendations' })).toBeTruthy();
    const items = screen.getByRole('heading', { name: 'Privacy Recommendations' }).parentElement!.querySelectorAll('li');
    expect(Array.from(items, (li) => li.textContent)).toEqual([
      'PasswordsCriticalChange the passwords of the breached accounts and use a password manager.',
      'ProfilesMediumHide your real name on your Gravatar profile.',
    ]);
  });

  it('colours the score circle green from 80, yellow from 60, red below', async () => {
    for (const [score, tone] of [
      [100, 'green'],
      [80, 'green'],
      [79, 'yellow'],
      [60, 'yellow'],
      [59, 'red'],
      [0, 'red'],
    ] as const) {
      const { unmount } = renderWithProviders(<PrivacyAuditWidget />);
      answer = () => sseResponse(sseForResult(visitorResult({ privacyScore: score })));
      type('alice@example.com');
      fireEvent.click(button());
      const circle = await screen.findByRole('img', { name: new RegExp(`^Privacy score ${score} out of 100`) });
      expect({ score, tone: circle.getAttribute('data-tone') }).toEqual({ score, tone });
      unmount();
    }
  });

  it("lists 'What costs the most': each finding's points and, for signed-in users, how they were reached", async () => {
    const topCosts: AnalysisResult['topCosts'] = [
      { group: 'breaches', type: 'breach', label: 'Adobe breach (2013-10-04)', risk: 'critical', points: 9, why: 'critical breach (exposed Password hints, Passwords), 12 years old: ×0.6' },
      { group: 'breaches', type: 'breach', label: 'Dropbox breach (2012-07-01)', risk: 'critical', points: 9, why: 'critical breach (exposed Passwords), 13 years old: ×0.6' },
      { group: 'personalInfo', type: 'gravatar_name_public', label: 'The public Gravatar profile lists the display name', risk: 'medium', points: 5, why: 'medium risk' },
    ];
    await scanTo(emailResult({ privacyScore: 77, topCosts }), { auth: signedIn() });
    const section = screen.getByTestId('top-costs');
    expect(within(section).getByRole('heading', { name: 'What costs the most' })).toBeTruthy();
    const items = within(section).getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual([
      expect.stringMatching(/^−9 points\s*Adobe breach \(2013-10-04\)\s*Critical\s*Critical breach \(exposed Password hints, Passwords\), 12 years old: ×0\.6$/),
      expect.stringMatching(/^−9 points\s*Dropbox breach/),
      expect.stringMatching(/^−5 points\s*The public Gravatar profile lists the display name\s*Medium\s*Medium risk$/),
    ]);
  });

  it('names only the group of what costs the most for visitors', async () => {
    const topCosts: AnalysisResult['topCosts'] = [{ group: 'breaches', type: 'breach', label: 'A data breach', risk: 'critical', points: 9 }];
    await scanTo(visitorResult({ topCosts }));
    expect(within(screen.getByTestId('top-costs')).getByRole('listitem').textContent).toMatch(/^−9 points\s*A data breach\s*Critical$/);
  });

  it('shows no costs without a score', async () => {
    await scanTo(emailResult({ privacyScore: null, coverage: incompleteCoverage('unavailable'), topCosts: [] }));
    expect(screen.queryByTestId('top-costs')).toBeNull();
  });

  it('for visitors: summaries only, no details, and the sign-up prompt to /signup', async () => {
    await scanTo(visitorResult());
    expect(screen.queryByRole('button', { name: /details for/ })).toBeNull();
    expect(screen.queryByText('Adobe')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Get More Detailed Results' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign Up Free' }).getAttribute('href')).toBe('/signup');
  });

  it('for signed-in users: each card with findings expands to its details with evidence and source; descriptions are text', async () => {
    await scanTo(emailResult(), { auth: signedIn() });
    expect(screen.queryByRole('heading', { name: 'Get More Detailed Results' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show details for Location Data' })).toBeNull(); // nothing found there

    const show = screen.getByRole('button', { name: 'Show details for Data Breaches' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Adobe')).toBeNull();
    fireEvent.click(show);
    const breaches = card('Data Breaches');
    expect(screen.getByRole('button', { name: 'Hide details for Data Breaches' }).getAttribute('aria-expanded')).toBe('true');
    const [adobe, dropbox] = within(breaches).getAllByRole('listitem');
    expect(within(adobe).getByText('Adobe')).toBeTruthy();
    expect(within(adobe).getByText('High risk')).toBeTruthy();
    expect(within(adobe).getByText('Breached 4 October 2013 · 152,445,165 accounts')).toBeTruthy();
    expect(adobe.textContent).toContain('Data exposed: Email addresses, Password hints, Passwords, Usernames');
    expect(within(adobe).getByText('In October 2013, 153 million Adobe accounts were breached & exposed.')).toBeTruthy();
    expect(adobe.querySelector('script, a[href="https://example.test/adobe"]')).toBeNull();
    expect(adobe.textContent).not.toContain('alert(1)');
    expect(adobe.textContent).toContain('Evidence: HIBP lists this address in the Adobe breach (2013-10-04)');
    expect(adobe.textContent).toContain('Source: Have I Been Pwned');
    expect(within(adobe).getByRole('link', { name: 'View the public record' }).getAttribute('href')).toBe(
      'https://haveibeenpwned.com/PwnedWebsites#Adobe',
    );
    expect(within(dropbox).getByText('Breached 1 July 2012 · 68,648,009 accounts')).toBeTruthy();
    expect(within(dropbox).queryByRole('link', { name: 'View the public record' })).toBeNull();
    // Signed in: the breached company can be asked what it holds, or to delete it (issue 40).
    expect(within(dropbox).getByRole('link', { name: 'Ask them to delete' }).getAttribute('href')).toBe('/requests?label=the+Dropbox+breach&kind=erasure&domains=dropbox.com');

    fireEvent.click(screen.getByRole('button', { name: 'Show details for Personal Information' }));
    const [name] = within(card('Personal Information')).getAllByRole('listitem');
    expect(within(name).getByText('Alice Example')).toBeTruthy();
    expect(within(name).getByText('Medium risk')).toBeTruthy();
    expect(within(name).getByText('display_name: Alice Example')).toBeTruthy();
    expect(name.textContent).toContain('Source: Gravatar');

    fireEvent.click(screen.getByRole('button', { name: 'Hide details for Data Breaches' }));
    expect(within(breaches).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('shows the paste count to everyone and the pastes to the verified owner, and which breach source ran', async () => {
    const oneSource = check({
      id: 'breaches',
      label: 'Data breaches (XposedOrNot)',
      findings: 2,
      message: 'Checked with XposedOrNot only: Have I Been Pwned: not set up on this server, so it was not asked',
    });
    const pastes = { count: 2, details: [], detailsHidden: true, sources: ['xposedornot' as const], summary: 'Found in 2 pastes (which ones only its verified owner sees)' };
    await scanTo(visitorResult({ pastes, checks: [oneSource] }));
    const pasteCard = card('Pastes');
    expect(pasteCard.textContent).toContain('2 found');
    expect(pasteCard.textContent).toContain('Found in 2 pastes (which ones only its verified owner sees)');
    expect(pasteCard.textContent).toContain('Checked with: XposedOrNot.');
    expect(within(pasteCard).queryAllByRole('listitem')).toHaveLength(0);
    const checks = screen.getByRole('region', { name: 'Checks run for this scan' });
    expect(within(checks).getByText('Data breaches (XposedOrNot): checked, 2 findings')).toBeTruthy();
    expect(within(checks).getByText('Checked with XposedOrNot only: Have I Been Pwned: not set up on this server, so it was not asked')).toBeTruthy();
  });

  it('lists the pastes for their owner, each with its evidence and source', async () => {
    const pastes = {
      count: 1,
      detailsHidden: false,
      sources: ['xposedornot' as const],
      summary: 'Found in 1 paste',
      details: [{ source: 'xposedornot' as const, id: 'Pb-9X2', date: '2020', recordCount: 310, evidence: { summary: 'XposedOrNot lists this address in paste Pb-9X2 (2020)' } }],
    };
    await scanTo(emailResult({ pastes }), { auth: signedIn() });
    const [paste] = within(card('Pastes')).getAllByRole('listitem');
    expect(within(paste).getByText('Paste Pb-9X2')).toBeTruthy();
    expect(within(paste).getByText('2020 · 310 records')).toBeTruthy();
    expect(paste.textContent).toContain('Evidence: XposedOrNot lists this address in paste Pb-9X2 (2020)');
    expect(paste.textContent).toContain('Source: XposedOrNot');
  });

  it('links evidence only when its address is https', async () => {
    const result = emailResult();
    const [first] = result.personalInfo.details;
    result.personalInfo.details = [{ ...first, evidence: { summary: 'seen', url: 'http://gravatar.example/alice' } }];
    await scanTo(result, { auth: signedIn() });
    fireEvent.click(screen.getByRole('button', { name: 'Show details for Personal Information' }));
    expect(within(card('Personal Information')).queryByRole('link')).toBeNull();
  });

  it('labels a demo result and says why: no score (never a "Sample" number beside "we give no score"), no verdict, its cards not checked', async () => {
    const sample = visitorResult({ mode: 'demo', privacyScore: 94, coverage: incompleteCoverage('unavailable') });
    sample.breaches = { ...sample.breaches, checked: 'none' };
    for (const group of ['personalInfo', 'locationData', 'metadata', 'socialMedia'] as const) sample[group] = { ...sample[group], checked: 'none' };
    await scanTo(sample);
    expect(screen.getByText('Demo Analysis')).toBeTruthy();
    expect(screen.queryByText('Real Analysis')).toBeNull();
    expect(screen.getByText(/None of our real checks could run for this input just now/)).toBeTruthy();
    const circle = screen.getByTestId('result-score');
    expect(circle.getAttribute('data-tone')).toBe('none');
    expect(circle.textContent).not.toContain('94');
    expect(document.body.textContent).not.toContain('Sample');
    expect(document.body.textContent).not.toMatch(/Excellent|Good\b/);
    expect(card('Data Breaches').querySelector('[data-count]')?.textContent).toBe('Not checked');
  });

  it('says how many sites answered when a handle scan heard from too few of them, with no score', async () => {
    const answers = { answered: 4, asked: 36, required: 29 };
    const username = check({ id: 'username', label: 'Username check', status: 'partial', answers, message: 'Only 4 of 36 sites gave a usable answer' });
    const result = visitorResult({
      input: '@nobody_xyz_123',
      inputType: 'social',
      privacyScore: null,
      checks: [username],
      coverage: {
        complete: false,
        mainCheck: 'username',
        checksRun: 1,
        checksTotal: 1,
        unchecked: [],
        partial: [{ id: 'username', label: 'Username check', status: 'partial', answers }],
        retryable: true,
      },
    });
    await scanTo(result);
    expect(screen.getByText('Incomplete')).toBeTruthy();
    expect(screen.queryByText('Real Analysis')).toBeNull();
    expect(screen.getByTestId('result-score').getAttribute('data-tone')).toBe('none');
    expect(screen.getByTestId('incomplete-reason').textContent).toMatch(/^Only 4 of 36 sites gave a usable answer \(at least 29 are needed\), so we cannot say/);
    expect(screen.getByTestId('coverage-line').textContent).toBe('Based on 1 of 1 checks; 4 of 36 sites answered');
    expect(document.body.textContent).not.toMatch(/Excellent|Good\b/);
  });

  it('gives an incomplete result no score and no verdict, says what was not checked, and tries again', async () => {
    const result = visitorResult({ privacyScore: null, coverage: incompleteCoverage('unavailable') });
    result.breaches = { ...result.breaches, count: 0, checked: 'none', summary: 'Not checked: the breach service is unavailable' };
    await scanTo(result);
    expect(screen.getByText('Incomplete')).toBeTruthy();
    expect(screen.queryByText('Real Analysis')).toBeNull();
    const circle = screen.getByRole('img', { name: 'No privacy score: the main check could not run' });
    expect(circle.getAttribute('data-tone')).toBe('none');
    expect(document.body.textContent).not.toMatch(/Excellent|Good\b|Needs attention/);
    const notice = screen.getByTestId('incomplete-notice');
    expect(notice.textContent).toContain('Data breaches could not run');
    expect(notice.textContent).toContain('Data breaches: unavailable, not checked (Have I Been Pwned is down)');
    // "Not checked" in grey, never a green 0.
    const count = card('Data Breaches').querySelector<HTMLElement>('[data-count]')!;
    expect(count.textContent).toBe('Not checked');
    expect(count.getAttribute('data-count')).toBe('not-checked');

    // Trying again runs the same input again.
    answer = () => sseResponse(sseForResult(visitorResult()));
    fireEvent.click(within(notice).getByRole('button', { name: 'Try again' }));
    await screen.findByText('Real Analysis');
    expect(requests).toHaveLength(2);
    expect(await requests[1].clone().json()).toEqual({ input: 'alice@example.com' });
    expect(screen.getByRole('img', { name: 'Privacy score 65 out of 100: Good' })).toBeTruthy();
  });

  it('offers no retry when the main check cannot run here (not configured)', async () => {
    await scanTo(visitorResult({ privacyScore: null, coverage: incompleteCoverage('not_configured') }));
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByText(/Trying again now will not help/)).toBeTruthy();
  });

  it('shows a zero in green only for a group whose checks all ran; partly checked zeros stay grey', async () => {
    const result = visitorResult();
    result.metadata = { ...result.metadata, checked: 'some' };
    await scanTo(result);
    expect(card('Location Data').querySelector('[data-count]')?.getAttribute('data-count')).toBe('clean');
    expect(card('Metadata Risks').querySelector('[data-count]')?.getAttribute('data-count')).toBe('partly-checked');
    expect(card('Data Breaches').querySelector('[data-count]')?.getAttribute('data-count')).toBe('found');
    expect(screen.getByTestId('coverage-line').textContent).toBe('Based on 2 of 3 checks');
  });

  it('shows what each check of a website scan found, with the security-header grade on its own line', async () => {
    const grade = "Security headers: grade C (55/100), scored the way Mozilla's HTTP Observatory scores sites; analysed https://example.com/ (HTTP 200).";
    const result = visitorResult({
      input: 'https://example.com/',
      inputType: 'url',
      checks: [
        check({ id: 'url-input', label: 'Link safety', findings: 0 }),
        check({ id: 'website', label: 'Website privacy check', findings: 9, message: grade }),
        check({ id: 'breaches', label: 'Data breaches', status: 'not_configured', message: 'No HIBP API key is configured.' }),
      ],
    });
    await scanTo(result, { input: 'https://example.com' });
    const checks = screen.getByRole('region', { name: 'Checks run for this scan' });
    expect(within(checks).getByText('Link safety: checked, nothing found')).toBeTruthy();
    expect(within(checks).getByText('Website privacy check: checked, 9 findings')).toBeTruthy();
    expect(within(checks).getByText(grade)).toBeTruthy();
    expect(within(checks).getByText('Data breaches: not configured on this server')).toBeTruthy();
    expect(within(checks).queryByText(/not available yet/)).toBeNull();
  });

  it('says why a website could not be checked', async () => {
    const refusal = 'This URL points to a private or internal address and cannot be checked.';
    const result = visitorResult({
      input: 'http://10.0.0.1/',
      inputType: 'url',
      checks: [check({ id: 'url-input', label: 'Link safety', findings: 1 }), check({ id: 'website', label: 'Website privacy check', status: 'not_applicable', message: refusal })],
    });
    await scanTo(result, { input: 'http://10.0.0.1' });
    const checks = screen.getByRole('region', { name: 'Checks run for this scan' });
    expect(within(checks).getByText('Website privacy check: not available for this input')).toBeTruthy();
    expect(within(checks).getByText(refusal)).toBeTruthy();
  });

  it("'Scan Another' clears the result, the input and the error and focuses the input", async () => {
    await scanTo(visitorResult());
    fireEvent.click(screen.getByRole('button', { name: 'Scan Another' }));
    expect(screen.getByRole('heading', { name: 'Start Your Privacy Audit' })).toBeTruthy();
    expect(screen.queryByText('Real Analysis')).toBeNull();
    expect(box()).toHaveProperty('value', '');
    expect(button()).toHaveProperty('disabled', true);
    await waitFor(() => expect(document.activeElement).toBe(box()));
  });
});

describe('PrivacyAuditWidget errors', () => {
  it("shows the server's 429 text in a red alert and keeps the input", async () => {
    const quota = 'You have used all 3 scans of your Free plan this month. Upgrade for more.';
    answer = () => jsonResponse(429, { statusCode: 429, error: quota, requestId: 'r-1' });
    renderWithProviders(<PrivacyAuditWidget />, { auth: signedIn() });
    type('alice@example.com');
    fireEvent.click(button());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(quota);
    expect(box()).toHaveProperty('value', 'alice@example.com');
    expect(box()).toHaveProperty('disabled', false);
    expect(button()).toHaveProperty('disabled', false);
  });

  it("shows 'Analysis failed. Please try again.' for a server failure, and a new scan clears it", async () => {
    answer = () => jsonResponse(500, { statusCode: 500, error: 'Internal server error', requestId: 'r-2' });
    renderWithProviders(<PrivacyAuditWidget />);
    type('alice@example.com');
    fireEvent.click(button());
    expect((await screen.findByRole('alert')).textContent).toBe(SCAN_FAILED_MESSAGE);
    expect(screen.queryByText('Internal server error')).toBeNull();

    answer = () => sseResponse(sseForResult(visitorResult()));
    fireEvent.click(button());
    await screen.findByRole('heading', { name: 'Results for alice@example.com' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows 'Analysis failed. Please try again.' when the stream breaks off", async () => {
    answer = () => sseResponse(sseEvent('started', startedEvent(visitorResult())));
    renderWithProviders(<PrivacyAuditWidget />);
    type('alice@example.com');
    fireEvent.click(button());
    expect((await screen.findByRole('alert')).textContent).toBe(SCAN_FAILED_MESSAGE);
  });
});

describe('PrivacyAuditWidget queued scan', () => {
  it('a 202 (the breach sources at their limit, a signed-in person) shows "Queued, expected by …", the server\'s words and a link to the stored scan', async () => {
    const expectedBy = '2031-03-04T10:25:00.000Z';
    const message = 'The breach services this server uses are at their request limit. Your check is queued and will run by about 10:25 UTC; its result will be in your scan history and notices.';
    answer = () => jsonResponse(202, { scanId: 'scan-7', status: 'queued', input: 'jane@example.com', inputType: 'email', expectedBy, emailWhenDone: false, message });
    renderWithProviders(<PrivacyAuditWidget />, { auth: signedIn() });
    type('jane@example.com');
    fireEvent.click(button());
    const queued = await screen.findByTestId('scan-queued');
    const heading = within(queued).getByRole('heading');
    expect(heading.textContent).toMatch(/^Queued, expected by /);
    expect(heading.querySelector('time')?.getAttribute('dateTime')).toBe(expectedBy);
    expect(within(queued).getByText(message)).toBeTruthy();
    // No error: a queued scan is not a failure, and it never says an email was sent.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(queued).getByRole('link', { name: 'Open the queued scan' }).getAttribute('href')).toBe('/history?scan=scan-7');
    fireEvent.click(within(queued).getByRole('button', { name: 'Scan Another' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Start Your Privacy Audit' })).toBeTruthy());
  });
});
