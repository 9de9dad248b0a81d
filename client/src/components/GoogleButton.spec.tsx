/**
 * @jest-environment ./test/support/jsdom-fetch-environment.js
 */
import '../test-setup';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { AuthUser, SignInSession } from '../auth/auth-context';
import { renderWithProviders } from '../test-utils';
import { GoogleButton } from './GoogleButton';
import { notify } from './toaster';

jest.mock('./toaster', () => ({ notify: { success: jest.fn(), succeeded: jest.fn(), error: jest.fn(), info: jest.fn() } }));
const mockNavigate = jest.fn();
jest.mock('react-router-dom', () => ({ ...jest.requireActual('react-router-dom'), useNavigate: () => mockNavigate }));

const user: AuthUser = { id: 'u-1', email: 'gina@example.com', displayName: 'Gina', emailVerified: true, plan: { tier: 'free', expiresAt: null }, onboardingCompleted: false };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let configured: boolean;
let refreshStatus: number;
let requests: Request[];
let completeSignIn: jest.Mock<void, [SignInSession]>;
let open: jest.SpyInstance;

beforeEach(() => {
  jest.clearAllMocks();
  configured = true;
  refreshStatus = 200;
  requests = [];
  completeSignIn = jest.fn();
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const request = input as Request;
    requests.push(request);
    const path = new URL(request.url).pathname;
    if (path === '/api/auth/google/status') return json(200, { configured });
    if (path === '/api/auth/refresh') {
      return refreshStatus === 200
        ? json(200, { accessToken: 'at', tokenType: 'Bearer', expiresIn: 900, user })
        : json(refreshStatus, { statusCode: refreshStatus, error: 'Your session has expired. Please sign in again.', requestId: 'r' });
    }
    throw new Error(`unexpected ${path}`);
  }) as typeof fetch;
  // The "popup" is this window itself, so a MessageEvent can name it as its source.
  open = jest.spyOn(window, 'open').mockImplementation(() => window);
  jest.spyOn(window, 'focus').mockImplementation(() => undefined); // jsdom has no window.focus
});
afterEach(() => open.mockRestore());

async function renderButton(mode: 'login' | 'signup', rememberMe = false) {
  const { AuthStateProvider } = jest.requireActual<typeof import('../auth/auth-context')>('../auth/auth-context');
  renderWithProviders(
    <AuthStateProvider state={{ status: 'signedOut', user: undefined }} completeSignIn={completeSignIn}>
      <GoogleButton label={mode === 'login' ? 'Sign in with Google' : 'Sign up with Google'} mode={mode} rememberMe={rememberMe} />
    </AuthStateProvider>,
  );
  await waitFor(() => expect(requests.some((r) => r.url.endsWith('/api/auth/google/status'))).toBe(true));
  await act(async () => {});
}

function popupSays(data: unknown, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: window }));
  });
}

describe('GoogleButton', () => {
  it('says Google sign-in is not configured instead of opening a popup', async () => {
    configured = false;
    await renderButton('login');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(open).not.toHaveBeenCalled();
    expect(notify.error).toHaveBeenCalledWith('Failed to log in with Google: Google sign-in is not configured on this server.');
  });

  it("opens the popup with 'remember me', then adopts the session the popup's cookie gives and goes to the dashboard", async () => {
    await renderButton('login', true);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(open).toHaveBeenCalledWith('/api/auth/google/start?remember=true', 'footprint-google', 'width=500,height=650');
    popupSays({ type: 'footprint:google', ok: true });
    await waitFor(() => expect(completeSignIn).toHaveBeenCalledWith(expect.objectContaining({ accessToken: 'at', user })));
    const refresh = requests.find((r) => r.url.endsWith('/api/auth/refresh'))!;
    expect(refresh.method).toBe('POST');
    expect(refresh.headers.get('X-Footprint-CSRF')).toBe('1');
    expect(notify.succeeded).toHaveBeenCalledWith('Login successful!');
    expect(mockNavigate).toHaveBeenCalledWith('/dashboard', { replace: true });
  });

  it("says 'Account created successfully!' on the sign-up page", async () => {
    await renderButton('signup');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    popupSays({ type: 'footprint:google', ok: true, created: true });
    await waitFor(() => expect(notify.succeeded).toHaveBeenCalledWith('Account created successfully!'));
  });

  it("shows the popup's error with the spec's prefix", async () => {
    await renderButton('signup');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    popupSays({ type: 'footprint:google', ok: false, message: 'Google sign-in was cancelled.' });
    expect(notify.error).toHaveBeenCalledWith('Failed to sign up with Google: Google sign-in was cancelled.');
    expect(completeSignIn).not.toHaveBeenCalled();
  });

  it('ignores messages from other origins', async () => {
    await renderButton('login');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    popupSays({ type: 'footprint:google', ok: true }, 'https://evil.example');
    await act(async () => {});
    expect(requests.some((r) => r.url.endsWith('/api/auth/refresh'))).toBe(false);
    expect(completeSignIn).not.toHaveBeenCalled();
  });

  it('reports a refresh that fails after the popup said yes', async () => {
    refreshStatus = 401;
    await renderButton('login');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    popupSays({ type: 'footprint:google', ok: true });
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('Failed to log in with Google: Your session has expired. Please sign in again.'),
    );
  });

  it('asks to allow pop-ups when the browser blocked it', async () => {
    open.mockImplementation(() => null);
    await renderButton('login');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(notify.error).toHaveBeenCalledWith('Failed to log in with Google: Please allow pop-ups for this site and try again.');
  });
});
