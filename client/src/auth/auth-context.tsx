import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { setAccessToken } from '../api/client';

export type PlanTier = 'free' | 'plus' | 'pro' | 'business';

export interface AuthUser {
  id: string;
  email: string;
  displayName: string | null;
  plan: { tier: PlanTier };
}

export type AuthState =
  | { status: 'loading'; user: undefined }
  | { status: 'signedIn'; user: AuthUser }
  | { status: 'signedOut'; user: undefined };

interface AuthContextValue {
  state: AuthState;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | undefined>(undefined);

/**
 * Asks whether a session survives from before (e.g. a page reload). Accounts are not wired yet,
 * so there is never one; the accounts work replaces this with a silent token refresh.
 */
async function restoreSession(): Promise<AuthState> {
  return { status: 'signedOut', user: undefined };
}

/** The signed-in state of the app: 'loading' until the first report, then signed in or out. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading', user: undefined });

  useEffect(() => {
    let current = true;
    void restoreSession().then((restored) => {
      if (current) setState(restored);
    });
    return () => {
      current = false;
    };
  }, []);

  const signOut = useCallback(async () => {
    setAccessToken(undefined);
    setState({ status: 'signedOut', user: undefined });
  }, []);

  const value = useMemo(() => ({ state, signOut }), [state, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * Provides a fixed auth state instead of the real one: for component tests and previews only.
 * The app itself always uses AuthProvider.
 */
export function AuthStateProvider({
  state,
  signOut = async () => {},
  children,
}: {
  state: AuthState;
  signOut?: () => Promise<void>;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ state, signOut }), [state, signOut]);
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
