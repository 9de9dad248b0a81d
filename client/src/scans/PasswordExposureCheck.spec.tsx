/**
 * @jest-environment ./test/support/jsdom-fetch-environment.js
 */
import '../test-setup';
import { createHash, webcrypto } from 'node:crypto';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../test-utils';
import { PasswordExposureCheck } from './PasswordExposureCheck';
import { countInRange, PASSWORD_MESSAGES } from './password-range';
import { recordingFetch } from './scan-test-helpers';

const PASSWORD = 'correct horse battery staple';
const HASH = createHash('sha1').update(PASSWORD).digest('hex').toUpperCase();
const PREFIX = HASH.slice(0, 5);
const SUFFIX = HASH.slice(5);

/** A range body as the server relays it: CRLF lines, real entries and count-0 padding. */
function rangeBody(entries: [string, number][]): string {
  return entries.map(([suffix, count]) => `${suffix}:${count}`).join('\r\n');
}
const other = (n: number) => n.toString(16).toUpperCase().padStart(35, '0');

let requests: Request[];
let answer: (request: Request) => Response | Promise<Response>;
const hadSubtle = 'subtle' in globalThis.crypto;

beforeEach(() => {
  requests = [];
  globalThis.fetch = recordingFetch(requests, (request) => answer(request));
  // jsdom has no SubtleCrypto; Node's is the same Web Crypto API a browser has.
  Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true });
});

afterEach(() => {
  if (!hadSubtle) delete (globalThis.crypto as { subtle?: unknown }).subtle;
});

const text = (body: string, status = 200) => new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
const field = () => screen.getByLabelText('Password to check');

async function check(password: string) {
  fireEvent.change(field(), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Check Password' }));
  await act(async () => {});
}

describe('countInRange', () => {
  it('finds the suffix in any case, ignores padding and malformed lines', () => {
    const body = `${other(1)}:5\r\n${SUFFIX.toLowerCase()}:42\r\n${other(2)}:0\nnonsense\n`;
    expect(countInRange(body, SUFFIX)).toBe(42);
    expect(countInRange(`${SUFFIX}:0\r\n${other(3)}:7`, SUFFIX)).toBe(0);
    expect(countInRange(`${SUFFIX}:abc`, SUFFIX)).toBe(0);
    expect(countInRange('', SUFFIX)).toBe(0);
  });
});

describe('PasswordExposureCheck', () => {
  it('sends only the 5-character SHA-1 prefix and shows how often the password appeared', async () => {
    answer = () => text(rangeBody([[other(1), 3], [SUFFIX, 1234], [other(2), 0]]));
    renderWithProviders(<PasswordExposureCheck />);
    await check(PASSWORD);

    await screen.findByText('This password has appeared 1,234 times in data breaches. Do not use it anywhere.');
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request.method).toBe('GET');
    expect(new URL(request.url).pathname).toBe(`/api/passwords/range/${PREFIX}`);
    expect(new URL(request.url).search).toBe('');
    expect(request.body).toBeNull();
    const everything = `${request.url} ${JSON.stringify([...request.headers])}`;
    expect(everything).not.toContain(SUFFIX);
    expect(everything).not.toContain(encodeURIComponent(PASSWORD));
    expect(everything).not.toContain('horse');
  });

  it('says once for a single appearance', async () => {
    answer = () => text(rangeBody([[SUFFIX, 1]]));
    renderWithProviders(<PasswordExposureCheck />);
    await check(PASSWORD);
    await screen.findByText('This password has appeared 1 time in data breaches. Do not use it anywhere.');
  });

  it('treats a padding entry for the very suffix as not found', async () => {
    answer = () => text(rangeBody([[other(1), 9], [SUFFIX, 0]]));
    renderWithProviders(<PasswordExposureCheck />);
    await check(PASSWORD);
    await screen.findByText(PASSWORD_MESSAGES.clean);
    expect(PASSWORD_MESSAGES.clean).toBe(
      'Good news: this password was not found in known data breaches. That does not make it strong: use a long, unique password for every site.',
    );
  });

  it("says 'No password provided' for an empty box without calling the server", async () => {
    renderWithProviders(<PasswordExposureCheck />);
    fireEvent.click(screen.getByRole('button', { name: 'Check Password' }));
    await screen.findByText('No password provided');
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['a 502', () => text(JSON.stringify({ statusCode: 502, error: 'Failed to check password' }), 502)],
    ['a 429', () => text(JSON.stringify({ statusCode: 429, error: 'Rate limit exceeded. Please try again later.' }), 429)],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])("says 'Failed to check password' on %s", async (_what, respond) => {
    answer = respond;
    renderWithProviders(<PasswordExposureCheck />);
    await check(PASSWORD);
    await screen.findByText('Failed to check password');
  });

  it('explains that a secure connection is needed when the browser offers no SubtleCrypto', async () => {
    delete (globalThis.crypto as { subtle?: unknown }).subtle;
    renderWithProviders(<PasswordExposureCheck />);
    await check(PASSWORD);
    await screen.findByText(PASSWORD_MESSAGES.insecure);
    expect(PASSWORD_MESSAGES.insecure).toMatch(/secure \(https\) connection/);
    expect(requests).toHaveLength(0);
  });

  it('clears the result when the password changes, and drops an answer for an older password', async () => {
    answer = () => text(rangeBody([[SUFFIX, 7]]));
    renderWithProviders(<PasswordExposureCheck />);
    await check(PASSWORD);
    await screen.findByText(/has appeared 7 times/);
    fireEvent.change(field(), { target: { value: `${PASSWORD}!` } });
    expect(screen.queryByText(/has appeared/)).toBeNull();

    let release!: (response: Response) => void;
    answer = () => new Promise<Response>((resolve) => (release = resolve));
    fireEvent.click(screen.getByRole('button', { name: 'Check Password' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    fireEvent.change(field(), { target: { value: 'something else' } });
    await act(async () => release(text(rangeBody([[SUFFIX, 99]]))));
    expect(screen.queryByText(/has appeared/)).toBeNull();
    expect(screen.queryByText(PASSWORD_MESSAGES.clean)).toBeNull();
  });

  it('keeps the password out of storage', async () => {
    answer = () => text(rangeBody([[SUFFIX, 2]]));
    renderWithProviders(<PasswordExposureCheck />);
    await check(PASSWORD);
    await screen.findByText(/has appeared 2 times/);
    const stored = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie;
    expect(stored).not.toContain('horse');
    expect(field().getAttribute('type')).toBe('password');
  });
});
