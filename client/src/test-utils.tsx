import './test-setup';
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { type AnalyticsContextValue, AnalyticsStateProvider } from './analytics/analytics-context';
import { type AuthState, type AuthUser, AuthStateProvider } from './auth/auth-context';
import { appSystem } from './theme/system';

export const signedOut: AuthState = { status: 'signedOut', user: undefined };

export function signedIn(overrides: Partial<AuthUser> = {}): AuthState {
  return {
    status: 'signedIn',
    user: { id: 'u-1', email: 'alice@example.com', displayName: 'Alice', emailVerified: true, plan: { tier: 'free', expiresAt: null }, onboardingCompleted: false, ...overrides },
  };
}

const noTracking: AnalyticsContextValue['track'] = () => {};

/** Renders inside Chakra, a router at `path`, a fixed auth state and an analytics tracker (a no-op unless given). */
export function renderWithProviders(
  ui: ReactElement,
  {
    auth = signedOut,
    path = '/',
    signOut,
    refreshProfile,
    track = noTracking,
  }: {
    auth?: AuthState;
    path?: string;
    signOut?: () => Promise<void>;
    refreshProfile?: () => Promise<void>;
    track?: AnalyticsContextValue['track'];
  } = {},
) {
  return render(
    <ChakraProvider value={appSystem()}>
      <MemoryRouter initialEntries={[path]}>
        <AuthStateProvider state={auth} signOut={signOut} {...(refreshProfile ? { refreshProfile } : {})}>
          <AnalyticsStateProvider track={track}>{ui}</AnalyticsStateProvider>
        </AuthStateProvider>
      </MemoryRouter>
    </ChakraProvider>,
  );
}

/**
 * Makes every element that asks (hooks/use-near-viewport.ts) near the screen as soon as it is
 * observed, as a tall screen or a scrolling reader would; test-setup's IntersectionObserver never
 * reports anything. Returns the elements observed and a function that puts the stub back.
 */
export function everythingNearViewport(): { observed: Element[]; restore: () => void } {
  const observed: Element[] = [];
  const original = window.IntersectionObserver;
  window.IntersectionObserver = class {
    constructor(private readonly report: IntersectionObserverCallback) {}
    observe(element: Element) {
      observed.push(element);
      this.report([{ isIntersecting: true, target: element } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
    }
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  } as unknown as typeof IntersectionObserver;
  return { observed, restore: () => (window.IntersectionObserver = original) };
}
