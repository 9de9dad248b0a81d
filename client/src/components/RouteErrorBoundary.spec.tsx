/**
 * @jest-environment ./test/support/jsdom-fetch-environment.js
 */
import '../test-setup';
import { act, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { type NavigateFunction, useNavigate } from 'react-router-dom';
import { renderWithProviders } from '../test-utils';
import { RouteErrorBoundary } from './RouteErrorBoundary';

let requests: Request[];
beforeEach(() => {
  requests = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    requests.push(input as Request);
    return new Response(JSON.stringify({ requestId: 'ignored' }), { status: 202, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  // React reports the caught error on the console; it is expected here.
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

function Broken(): never {
  throw new TypeError('Cannot read score of alice@example.com');
}

const router: { navigate?: NavigateFunction } = {};
/** Outside the boundary, like the header's links. */
function Navigator() {
  const navigate = useNavigate();
  useEffect(() => {
    router.navigate = navigate;
  }, [navigate]);
  return null;
}

describe('RouteErrorBoundary', () => {
  it("shows 'Something went wrong' with a reload button and the request id its report was sent under", async () => {
    renderWithProviders(
      <RouteErrorBoundary>
        <Broken />
      </RouteErrorBoundary>,
      { path: '/dashboard' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
    const shown = screen.getByTestId('error-request-id').textContent!;
    expect(shown).toMatch(/^[0-9a-f-]{32,36}$/);

    await waitFor(() => expect(requests).toHaveLength(1));
    const [report] = requests;
    expect(report.method).toBe('POST');
    expect(new URL(report.url).pathname).toBe('/api/site/client-errors');
    expect(report.headers.get('X-Request-Id')).toBe(shown);
    expect(await report.json()).toEqual({ path: '/dashboard', name: 'TypeError', message: 'Cannot read score of alice@example.com' });
  });

  it('starts afresh on another page', async () => {
    let broken = true;
    function Switching() {
      return broken ? <Broken /> : <p>All good</p>;
    }
    renderWithProviders(
      <>
        <Navigator />
        <RouteErrorBoundary>
          <Switching />
        </RouteErrorBoundary>
      </>,
      { path: '/report' },
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    broken = false;
    await act(async () => {
      await router.navigate!('/dashboard');
    });
    expect(screen.getByText('All good')).toBeTruthy();
  });
});
