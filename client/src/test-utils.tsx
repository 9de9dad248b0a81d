import './test-setup';
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { type AuthState, type AuthUser, AuthStateProvider } from './auth/auth-context';
import { system } from './theme';

export const signedOut: AuthState = { status: 'signedOut', user: undefined };

export function signedIn(overrides: Partial<AuthUser> = {}): AuthState {
  return {
    status: 'signedIn',
    user: { id: 'u-1', email: 'alice@example.com', displayName: 'Alice', emailVerified: true, plan: { tier: 'free' }, ...overrides },
  };
}

/** Renders inside Chakra, a router at `path`, and a fixed auth state. */
export function renderWithProviders(
  ui: ReactElement,
  { auth = signedOut, path = '/', signOut }: { auth?: AuthState; path?: string; signOut?: () => Promise<void> } = {},
) {
  return render(
    <ChakraProvider value={system}>
      <MemoryRouter initialEntries={[path]}>
        <AuthStateProvider state={auth} signOut={signOut}>
          {ui}
        </AuthStateProvider>
      </MemoryRouter>
    </ChakraProvider>,
  );
}
