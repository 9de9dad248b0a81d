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
 * The signed-in state of the app: 'loading' until the first report, then signed in or out.
 * Accounts are not wired yet, so the first report is always "signed out".
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading', user: undefined });

  useEffect(() => {
    setState({ status: 'signedOut', user: undefined });
  }, []);

  const signOut = useCallback(async () => {
    setAccessToken(undefined);
    setState({ status: 'signedOut', user: undefined });
  }, []);

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
