/**
 * @jest-environment ./test/support/jsdom-fetch-environment.js
 */
import './test-setup';
import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { NOT_FOUND_PAGE, SITE_ROUTES } from '@browser-shared/site-routes.catalogue';
import { App } from './App';
import { type AuthState, AuthStateProvider } from './auth/auth-context';
import { appSystem } from './theme/system';
import { signedOut } from './test-utils';

const checking: AuthState = { status: 'loading', user: undefined };

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderApp(path: string, auth: AuthState) {
  return render(
    <ChakraProvider value={appSystem()}>
      <MemoryRouter initialEntries={[path]}>
        <AuthStateProvider state={auth}>
          <App />
          <Where />
        </AuthStateProvider>
      </MemoryRouter>
    </ChakraProvider>,
  );
}

beforeEach(() => {
  if (!document.querySelector('meta[name="description"]')) {
    const meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  // No server here: every call fails, as it would offline.
  globalThis.fetch = jest.fn(async () => new Response(null, { status: 503 })) as typeof fetch;
});

describe('App', () => {
  it('renders a public page while the session is still being checked', async () => {
    renderApp('/education', checking);
    // (the page's code loads on demand, compiled on first use in tests)
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Education Center' }, { timeout: 8_000 })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/education');
  });

  it('holds a signed-in page with a skeleton while the session is checked, and sends a visitor to /login', async () => {
    const { unmount } = renderApp('/dashboard', checking);
    expect(screen.getByRole('status').textContent).toContain('Loading page');
    expect(screen.getByTestId('where').textContent).toBe('/dashboard');
    unmount();

    renderApp('/dashboard', signedOut);
    // (the login page's code and Chakra's runtime load on demand, compiled on first use in tests)
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'), { timeout: 8_000 });
  });

  it('sets each page’s title and description, and the 404 page’s for unknown paths', async () => {
    const { unmount } = renderApp('/education', signedOut);
    await waitFor(() => expect(document.title).toBe('Privacy education · Footprint'));
    const description = () => document.querySelector('meta[name="description"]')?.getAttribute('content');
    expect(description()).toMatch(/^Plain-language guides to online privacy/);
    unmount();

    renderApp('/no-such-page', signedOut);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 8_000 })).toBeTruthy();
    expect(document.title).toBe('Page not found · Footprint');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'The page you are looking for does not exist or has moved.',
    );
  });

  it('loads each route from the page module the catalogue names (the server preloads that module’s code)', () => {
    const source = readFileSync(join(__dirname, 'App.tsx'), 'utf8');
    for (const { page } of [...SITE_ROUTES, NOT_FOUND_PAGE]) {
      const loaded = source.includes(`import('./pages/${page}')`) || source.includes(`from './pages/${page}'`);
      expect({ page, loaded }).toEqual({ page, loaded: true });
    }
  });
});
