/**
 * @jest-environment ./test/support/jsdom-fetch-environment.js
 */
import '../test-setup';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { StrictMode, useEffect } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { api } from '../api/client';
import { type AuthContextValue, AuthProvider, type AuthUser, useAuth } from './auth-context';

const user: AuthUser = { id: 'u-1', email: 'alice@example.com', displayName: null, emailVerified: false, plan: { tier: 'free', expiresAt: null }, onboardingCompleted: false };

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const session = (accessToken: string) => json(200, { accessToken, tokenType: 'Bearer', expiresIn: 900, user });
const unauthorized = () => json(401, { statusCode: 401, error: 'Unauthorized', requestId: 'r' });

type Handler = (request: Request) => Promise<Response> | Response;
let requests: Request[];
let routes: Record<string, Handler>;

/** The server's page-readable "signed in" hint, which it sets and clears with the refresh cookie. */
const setHint = (present: boolean) => {
  document.cookie = present ? 'fp_signed_in=1; path=/' : 'fp_signed_in=; path=/; max-age=0';
};

beforeEach(() => {
  requests = [];
  routes = {};
  setHint(true);
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const request = input as Request;
    requests.push(request);
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const handler = routes[key];
    if (!handler) throw new Error(`unexpected ${key}`);
    return handler(request);
  }) as typeof fetch;
});

const calls = (key: string) => requests.filter((r) => `${r.method} ${new URL(r.url).pathname}` === key);

let auth: AuthContextValue;
function Probe({ onAuth }: { onAuth: (value: AuthContextValue) => void }) {
  const value = useAuth();
  useEffect(() => {
    onAuth(value);
  }, [value, onAuth]);
  return <p data-testid="status">{value.state.status === 'signedIn' ? `signedIn:${value.state.user.email}` : value.state.status}</p>;
}
function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}
function renderAuth() {
  render(
    <StrictMode>
      <MemoryRouter initialEntries={['/account']}>
        <AuthProvider>
          <Probe
            onAuth={(value) => {
              auth = value;
            }}
          />
        </AuthProvider>
        <Where />
      </MemoryRouter>
    </StrictMode>,
  );
}
/** Runs fn inside act and returns what it threw (act itself must not reject, or later acts overlap). */
async function thrownBy(fn: () => Promise<unknown>): Promise<unknown> {
  let thrown: unknown;
  await act(async () => {
    try {
      await fn();
    } catch (err) {
      thrown = err;
    }
  });
  return thrown;
}
const status = () => screen.getByTestId('status').textContent;

describe('AuthProvider', () => {
  it('without the signed-in hint is signed out at once and sends no refresh request', async () => {
    setHint(false);
    renderAuth();
    expect(status()).toBe('signedOut');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toHaveLength(0);
  });

  it('a 401 while the hint is gone (signed out in another tab) does not ask for a refresh', async () => {
    routes['POST /api/auth/refresh'] = () => session('token-A');
    routes['GET /api/auth/profile'] = () => unauthorized();
    renderAuth();
    await waitFor(() => expect(status()).toBe('signedIn:alice@example.com'));
    setHint(false);
    const result = await act(() => api.GET('/api/auth/profile'));
    expect(result.response.status).toBe(401);
    expect(calls('POST /api/auth/refresh')).toHaveLength(1); // only the first report
    await waitFor(() => expect(status()).toBe('signedOut'));
  });

  it('with the hint is loading, then signed out when the silent refresh answers 401 (one refresh, with the CSRF header)', async () => {
    let answer!: () => void;
    routes['POST /api/auth/refresh'] = () => new Promise((resolve) => (answer = () => resolve(unauthorized())));
    renderAuth();
    expect(status()).toBe('loading');
    await waitFor(() => expect(calls('POST /api/auth/refresh')).toHaveLength(1));
    await act(async () => answer());
    await waitFor(() => expect(status()).toBe('signedOut'));
    expect(calls('POST /api/auth/refresh')).toHaveLength(1); // StrictMode's second effect run shares it
    expect(calls('POST /api/auth/refresh')[0].headers.get('X-Footprint-CSRF')).toBe('1');
  });

  it('is signed in when a refresh cookie survives, and sends the new access token', async () => {
    routes['POST /api/auth/refresh'] = () => session('token-A');
    routes['GET /api/auth/profile'] = () => json(200, { ...user, emailVerified: true });
    renderAuth();
    await waitFor(() => expect(status()).toBe('signedIn:alice@example.com'));
    await act(() => auth.refreshProfile());
    expect(calls('GET /api/auth/profile')[0].headers.get('Authorization')).toBe('Bearer token-A');
    expect(auth.state.user?.emailVerified).toBe(true);
  });

  it('asks once more when the answer to a refresh was lost on the way (the server renews the same cookie within its grace), and only once', async () => {
    let tries = 0;
    routes['POST /api/auth/refresh'] = () => {
      tries += 1;
      if (tries === 1) throw new TypeError('Failed to fetch');
      return session('token-B');
    };
    renderAuth();
    await waitFor(() => expect(status()).toBe('signedIn:alice@example.com'));
    expect(calls('POST /api/auth/refresh')).toHaveLength(2);

    // Lost twice: no third try.
    cleanup();
    requests = [];
    routes['POST /api/auth/refresh'] = () => {
      throw new TypeError('Failed to fetch');
    };
    renderAuth();
    await waitFor(() => expect(calls('POST /api/auth/refresh')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(calls('POST /api/auth/refresh')).toHaveLength(2);
  });

  it('reloads the profile only once the session check has answered, and not at all without a session', async () => {
    let answer!: (response: Response) => void;
    routes['POST /api/auth/refresh'] = () => new Promise((resolve) => (answer = resolve));
    routes['GET /api/auth/profile'] = (r) => (r.headers.get('Authorization') === 'Bearer token-A' ? json(200, user) : unauthorized());
    renderAuth();
    await waitFor(() => expect(calls('POST /api/auth/refresh')).toHaveLength(1));
    // Asked while the check is on its way (an emailed link's page, just verified): it waits for the token.
    let reloaded = false;
    const reload = auth.refreshProfile().then(() => (reloaded = true));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(reloaded).toBe(false);
    expect(calls('GET /api/auth/profile')).toHaveLength(0);
    await act(async () => {
      answer(session('token-A'));
      await reload;
    });
    expect(calls('GET /api/auth/profile').map((r) => r.headers.get('Authorization'))).toEqual(['Bearer token-A']);

    // Signed out: nothing to reload, no 401.
    await act(async () => auth.clearSession());
    await act(() => auth.refreshProfile());
    expect(calls('GET /api/auth/profile')).toHaveLength(1);
  });

  it('two concurrent 401s share one refresh, then both requests are retried once with the new token', async () => {
    let refreshes = 0;
    routes['POST /api/auth/refresh'] = async () => {
      refreshes += 1;
      await new Promise((r) => setTimeout(r, 20));
      return session(refreshes === 1 ? 'token-A' : 'token-B');
    };
    routes['GET /api/auth/profile'] = (r) => (r.headers.get('Authorization') === 'Bearer token-B' ? json(200, user) : unauthorized());
    renderAuth();
    await waitFor(() => expect(status()).toBe('signedIn:alice@example.com'));

    const [a, b] = await act(() => Promise.all([api.GET('/api/auth/profile'), api.GET('/api/auth/profile')]));
    expect(a.data?.id).toBe('u-1');
    expect(b.data?.id).toBe('u-1');
    expect(refreshes).toBe(2); // the first report, then ONE for both 401s
    expect(calls('GET /api/auth/profile').map((r) => r.headers.get('Authorization'))).toEqual([
      'Bearer token-A',
      'Bearer token-A',
      'Bearer token-B',
      'Bearer token-B',
    ]);
  });

  it('a 401 that a refresh cannot cure signs out, without retrying', async () => {
    let refreshes = 0;
    routes['POST /api/auth/refresh'] = () => (++refreshes === 1 ? session('token-A') : unauthorized());
    routes['GET /api/auth/profile'] = () => unauthorized();
    renderAuth();
    await waitFor(() => expect(status()).toBe('signedIn:alice@example.com'));
    const result = await act(() => api.GET('/api/auth/profile'));
    expect(result.response.status).toBe(401);
    expect(calls('GET /api/auth/profile')).toHaveLength(1);
    await waitFor(() => expect(status()).toBe('signedOut'));
  });

  it('logs in (rememberMe sent) and reports the server message on failure', async () => {
    routes['POST /api/auth/refresh'] = () => unauthorized();
    const bodies: unknown[] = [];
    routes['POST /api/auth/login'] = async (r) => {
      const body = (await r.json()) as { password: string; rememberMe: boolean };
      bodies.push(body);
      return body.password === 'right-1'
        ? session('token-L')
        : json(401, { statusCode: 401, error: 'Invalid email or password', requestId: 'r' });
    };
    renderAuth();
    await waitFor(() => expect(status()).toBe('signedOut'));

    expect(await thrownBy(() => auth.logIn('alice@example.com', 'wrong-1', false))).toEqual(new Error('Invalid email or password'));
    expect(status()).toBe('signedOut');
    expect(calls('POST /api/auth/refresh')).toHaveLength(1); // a failed login is not "token expired"

    await act(() => auth.logIn('alice@example.com', 'right-1', true));
    expect(status()).toBe('signedIn:alice@example.com');
    expect(bodies.at(-1)).toEqual({ email: 'alice@example.com', password: 'right-1', rememberMe: true });
    const lastLogin = calls('POST /api/auth/login').at(-1)!;
    expect(lastLogin.headers.get('Authorization')).toBeNull();
  });

  it('signs up with email and password only', async () => {
    routes['POST /api/auth/refresh'] = () => unauthorized();
    routes['POST /api/auth/signup'] = () => session('token-S');
    renderAuth();
    await waitFor(() => expect(status()).toBe('signedOut'));
    await act(() => auth.signUp('alice@example.com', 'secret-1'));
    expect(status()).toBe('signedIn:alice@example.com');
    expect(await calls('POST /api/auth/signup')[0].clone().json()).toEqual({ email: 'alice@example.com', password: 'secret-1' });
  });

  it('signs out through POST /logout (CSRF header), and stays signed in when that fails', async () => {
    routes['POST /api/auth/refresh'] = () => session('token-A');
    let logoutStatus = 500;
    routes['POST /api/auth/logout'] = () => json(logoutStatus, logoutStatus === 204 ? undefined : { statusCode: 500, error: 'x', requestId: 'r' });
    renderAuth();
    await waitFor(() => expect(status()).toBe('signedIn:alice@example.com'));

    expect(await thrownBy(() => auth.signOut())).toBeInstanceOf(Error);
    expect(status()).toBe('signedIn:alice@example.com');

    expect(screen.getByTestId('where').textContent).toBe('/account');

    logoutStatus = 204;
    await act(() => auth.signOut());
    expect(status()).toBe('signedOut');
    expect(screen.getByTestId('where').textContent).toBe('/');
    expect(calls('POST /api/auth/logout').every((r) => r.headers.get('X-Footprint-CSRF') === '1')).toBe(true);
  });

  it('signing out waits for calls still out with the session, so they are not refused with 401', async () => {
    routes['POST /api/auth/refresh'] = () => session('token-A');
    routes['POST /api/auth/logout'] = () => json(204, undefined);
    let answerTrack!: () => void;
    routes['POST /api/analytics/track'] = () => new Promise<Response>((resolve) => (answerTrack = () => resolve(json(201, { recorded: true }))));
    renderAuth();
    await waitFor(() => expect(status()).toBe('signedIn:alice@example.com'));

    const tracked = api.POST('/api/analytics/track', { body: { event: 'page_view', parameters: {} } });
    await waitFor(() => expect(calls('POST /api/analytics/track')).toHaveLength(1)); // on its way
    let signedOut = false;
    // Started inside act, awaited inside act later: the sign-out itself waits for the track call.
    let signingOut!: Promise<unknown>;
    await act(async () => {
      signingOut = auth.signOut().then(() => (signedOut = true));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls('POST /api/auth/logout')).toHaveLength(0);
    expect(signedOut).toBe(false);

    answerTrack();
    await act(() => signingOut);
    expect((await tracked).response.status).toBe(201);
    expect(calls('POST /api/auth/logout')).toHaveLength(1);
    expect(requests.map((r) => new URL(r.url).pathname).slice(-2)).toEqual(['/api/analytics/track', '/api/auth/logout']);
    expect(status()).toBe('signedOut');
  });

  it('calls made while signing out are not sent: the ended session would be refused with 401', async () => {
    routes['POST /api/auth/refresh'] = () => session('token-A');
    let answerLogout!: () => void;
    routes['POST /api/auth/logout'] = () => new Promise<Response>((resolve) => (answerLogout = () => resolve(json(204, undefined))));
    routes['GET /api/dashboard'] = () => json(200, {});
    renderAuth();
    await waitFor(() => expect(status()).toBe('signedIn:alice@example.com'));

    let signingOut!: Promise<void>;
    await act(async () => {
      signingOut = auth.signOut();
    });
    await waitFor(() => expect(calls('POST /api/auth/logout')).toHaveLength(1));
    const late = await api.GET('/api/dashboard'); // a page that mounted just now
    expect(late.response.status).toBe(401);
    expect(calls('GET /api/dashboard')).toHaveLength(0);
    answerLogout();
    await act(() => signingOut);
    expect(status()).toBe('signedOut');
  });

  it('a failed sign-out lets calls go out again', async () => {
    routes['POST /api/auth/refresh'] = () => session('token-A');
    routes['POST /api/auth/logout'] = () => json(500, { statusCode: 500, error: 'x', requestId: 'r' });
    routes['GET /api/plans'] = () => json(200, { plans: [] });
    renderAuth();
    await waitFor(() => expect(status()).toBe('signedIn:alice@example.com'));
    expect(await thrownBy(() => auth.signOut())).toBeInstanceOf(Error);
    expect((await api.GET('/api/plans')).response.status).toBe(200);
  });

  it('completeSignIn adopts a session from elsewhere (Google)', async () => {
    routes['POST /api/auth/refresh'] = () => unauthorized();
    routes['GET /api/auth/profile'] = () => json(200, user);
    renderAuth();
    await waitFor(() => expect(status()).toBe('signedOut'));
    act(() => auth.completeSignIn({ accessToken: 'token-G', user }));
    expect(status()).toBe('signedIn:alice@example.com');
    await act(() => auth.refreshProfile());
    expect(calls('GET /api/auth/profile')[0].headers.get('Authorization')).toBe('Bearer token-G');
  });
});
