import { createContext, type ReactNode, startTransition, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { components } from '../../../openapi/schema';
import { hasSignedInHint } from '@browser-shared/signed-in-hint.util';
import {
  api,
  authenticatedRequestsSettled,
  currentAccessToken,
  errorMessage,
  sessionEndedOnScreen,
  setAccessToken,
  setSessionRefresher,
  whileSessionEnds,
} from '../api/client';

export type PlanTier = components['schemas']['PlanTier'];

/** The signed-in user as GET /api/auth/profile describes it. */
export type AuthUser = components['schemas']['UserDto'];

export type AuthState =
  | { status: 'loading'; user: undefined }
  | { status: 'signedIn'; user: AuthUser }
  | { status: 'signedOut'; user: undefined };

/** What a sign-in (password or Google) hands over; expiresIn in seconds (15 minutes when unknown). */
export interface SignInSession {
  accessToken: string;
  user: AuthUser;
  expiresIn?: number;
}

export interface AuthContextValue {
  state: AuthState;
  /** Creates the account and signs in; throws an Error carrying the server's message. */
  /** `firstName` becomes the display name (the dashboard's welcome). */
  signUp(email: string, password: string, firstName?: string): Promise<void>;
  /** Throws an Error carrying the server's message (e.g. 'Invalid email or password'). */
  logIn(email: string, password: string, rememberMe: boolean): Promise<void>;
  /** Adopts a session obtained elsewhere (the Google popup). */
  completeSignIn(session: SignInSession): void;
  /** Revokes the session on the server, forgets it and goes to '/'; throws (and stays signed in) on failure. */
  signOut(): Promise<void>;
  /** Reloads the user from GET /api/auth/profile (after verifying the email, say). */
  refreshProfile(): Promise<void>;
  /** Forgets the session locally and goes to '/', without calling the server (after the account was deleted). */
  clearSession(): void;
}

const AuthContext = createContext<AuthContextValue | undefined>(undefined);

const DEFAULT_EXPIRES_IN_S = 900;
/** Refresh this long before the access token expires. */
const REFRESH_MARGIN_S = 60;
const SIGNED_OUT: AuthState = { status: 'signedOut', user: undefined };

/** The client middleware adds it too; the generated types want it spelled out. */
const CSRF = { params: { header: { 'X-Footprint-CSRF': '1' } } } as const;

type Session = components['schemas']['AuthSessionDto'];
type RefreshOutcome = { kind: 'session'; session: Session } | { kind: 'noSession' } | { kind: 'unreachable' };

/** The server's page-readable hint that a refresh cookie was set (cleared with it). */
function maySignIn(): boolean {
  return typeof document !== 'undefined' && hasSignedInHint(document.cookie);
}

/** The pause before asking once more when a refresh's answer never came. */
const LOST_ANSWER_RETRY_MS = 500;

async function requestRefresh(): Promise<RefreshOutcome> {
  // Without the hint there is no refresh cookie either: asking would only earn a 401.
  if (!maySignIn()) return { kind: 'noSession' };
  for (let attempt = 1; ; attempt += 1) {
    try {
      const { data, response } = await api.POST('/api/auth/refresh', CSRF);
      if (data) return { kind: 'session', session: data };
      // 401 (no or revoked session) and 403 mean signed out; anything else is a passing server problem.
      return response.status === 401 || response.status === 403 ? { kind: 'noSession' } : { kind: 'unreachable' };
    } catch {
      // The request or its answer was lost on the way (a reset connection). The server may have
      // rotated the cookie meanwhile; it renews the same one presented again within its grace
      // (60 s), so one more try keeps the person signed in instead of showing them the sign-in page.
      if (attempt >= 2) return { kind: 'unreachable' };
      await new Promise((resolve) => setTimeout(resolve, LOST_ANSWER_RETRY_MS));
    }
  }
}

/**
 * Refresh rotates the cookie and the server treats a second use of the old one as theft, so only
 * one refresh may be on its way at a time — across tabs too, where the browser supports Web Locks
 * (the second tab then sends the already-rotated cookie).
 */
function lockedRefresh(): Promise<RefreshOutcome> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks?.request) return locks.request('footprint-auth-refresh', requestRefresh).then((outcome) => outcome);
  return requestRefresh();
}

/**
 * The signed-in state of the app: signed out at once when the browser holds no session, else
 * 'loading' until the first refresh answers, then signed in or out.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>(() => (maySignIn() ? { status: 'loading', user: undefined } : SIGNED_OUT));
  const inflight = useRef<Promise<string | undefined> | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refreshRef = useRef<() => Promise<string | undefined>>(async () => undefined);

  const cancelTimer = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);

  const adopt = useCallback(
    (session: SignInSession) => {
      setAccessToken(session.accessToken);
      setState({ status: 'signedIn', user: session.user });
      cancelTimer();
      const expiresIn = session.expiresIn ?? DEFAULT_EXPIRES_IN_S;
      const delayS = Math.max(expiresIn - REFRESH_MARGIN_S, expiresIn / 2);
      timer.current = setTimeout(() => void refreshRef.current(), delayS * 1000);
    },
    [cancelTimer],
  );

  const forget = useCallback(() => {
    cancelTimer();
    setAccessToken(undefined);
    setState(SIGNED_OUT);
  }, [cancelTimer]);

  // Before any passive effect of the signed-out screen (its public calls) runs.
  useLayoutEffect(() => {
    if (state.status === 'signedOut') sessionEndedOnScreen();
  }, [state.status]);

  const navigate = useNavigate();
  /**
   * Deliberately leaving goes to '/'. The router navigates in a transition, so the state change
   * joins it: otherwise the protected page would first see 'signed out' and redirect to /login.
   */
  const leave = useCallback(() => {
    startTransition(() => {
      forget();
      void navigate('/');
    });
  }, [forget, navigate]);

  /** Single-flight: every caller during a refresh shares the one promise. Resolves to the new token. */
  const refresh = useCallback((): Promise<string | undefined> => {
    inflight.current ??= lockedRefresh()
      .then((outcome) => {
        if (outcome.kind === 'session') {
          adopt(outcome.session);
          return outcome.session.accessToken;
        }
        if (outcome.kind === 'noSession') forget();
        return undefined;
      })
      .finally(() => {
        inflight.current = undefined;
      });
    return inflight.current;
  }, [adopt, forget]);
  useEffect(() => {
    refreshRef.current = refresh;
  }, [refresh]);

  useEffect(() => {
    let current = true;
    setSessionRefresher(() => refreshRef.current());
    // The first report: a surviving refresh cookie (e.g. after a reload) means signed in.
    if (maySignIn()) {
      void refreshRef.current().then((token) => {
        if (current && !token) setState((s) => (s.status === 'loading' ? SIGNED_OUT : s));
      });
    }
    return () => {
      current = false;
      setSessionRefresher(undefined);
      cancelTimer();
    };
  }, [cancelTimer]);

  const signUp = useCallback(
    async (email: string, password: string, firstName?: string) => {
      const { data, error } = await api.POST('/api/auth/signup', { body: { email, password, ...(firstName ? { firstName } : {}) } });
      if (!data) throw new Error(errorMessage(error, 'Something went wrong. Please try again.'));
      adopt(data);
    },
    [adopt],
  );

  const logIn = useCallback(
    async (email: string, password: string, rememberMe: boolean) => {
      const { data, error } = await api.POST('/api/auth/login', { body: { email, password, rememberMe } });
      if (!data) throw new Error(errorMessage(error, 'Something went wrong. Please try again.'));
      adopt(data);
    },
    [adopt],
  );

  const signOut = useCallback(
    () =>
      whileSessionEnds(async () => {
        await authenticatedRequestsSettled();
        const { response } = await api.POST('/api/auth/logout', CSRF);
        if (!response.ok) throw new Error(`logout answered ${response.status}`);
        leave();
      }),
    [leave],
  );

  const refreshProfile = useCallback(async () => {
    // The session check first, when one is on its way (the call needs its access token); without a
    // session there is nothing to reload, and asking would only earn a 401 on the console.
    await inflight.current;
    if (currentAccessToken() === undefined) return;
    const { data } = await api.GET('/api/auth/profile');
    if (data) setState((s) => (s.status === 'signedIn' ? { status: 'signedIn', user: data } : s));
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ state, signUp, logIn, completeSignIn: adopt, signOut, refreshProfile, clearSession: leave }),
    [state, signUp, logIn, adopt, signOut, refreshProfile, leave],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

const notInTests = async () => {
  throw new Error('not available in this test');
};

/**
 * Provides a fixed auth state instead of the real one: for component tests and previews only.
 * The app itself always uses AuthProvider.
 */
export function AuthStateProvider({
  state,
  signOut = async () => {},
  children,
  ...overrides
}: { state: AuthState; children: ReactNode } & Partial<Omit<AuthContextValue, 'state'>>) {
  const value = useMemo<AuthContextValue>(
    () => ({
      state,
      signOut,
      signUp: notInTests,
      logIn: notInTests,
      completeSignIn: () => {},
      refreshProfile: async () => {},
      clearSession: () => {},
      ...overrides,
    }),
    // overrides are fixed for a test's lifetime
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [state, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}

/** The account chip's label: the part of the email before the @, or 'User'. */
export function emailLocalPart(email: string | null | undefined): string {
  const local = email?.split('@')[0];
  return local ? local : 'User';
}
