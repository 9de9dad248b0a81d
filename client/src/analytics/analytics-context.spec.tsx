/**
 * @jest-environment ./test/support/jsdom-fetch-environment.js
 */
import '../test-setup';
import { act, render, renderHook, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { type AuthState, AuthStateProvider } from '../auth/auth-context';
import { signedIn, signedOut } from '../test-utils';
import { abTestVariant } from './ab-test';
import { type AnalyticsContextValue, AnalyticsProvider, useAnalytics } from './analytics-context';

type Sent = { method: string; path: string; headers: Headers; body: unknown };
let sent: Sent[];
let status: number | 'network-error';

beforeEach(() => {
  sent = [];
  status = 204;
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const text = await request.text();
    sent.push({ method: request.method, path: new URL(request.url).pathname, headers: request.headers, body: text ? JSON.parse(text) : undefined });
    if (status === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(status === 204 ? null : JSON.stringify({ statusCode: status, error: 'x' }), { status });
  }) as typeof fetch;
});
afterEach(() => jest.restoreAllMocks());

let api!: AnalyticsContextValue;
let navigate!: ReturnType<typeof useNavigate>;
function Probe() {
  const analytics = useAnalytics();
  const go = useNavigate();
  useEffect(() => {
    api = analytics;
    navigate = go;
  });
  return null;
}

function renderTracker(auth: AuthState) {
  return render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <AuthStateProvider state={auth}>
        <AnalyticsProvider>
          <Probe />
        </AnalyticsProvider>
      </AuthStateProvider>
    </MemoryRouter>,
  );
}

const tracked = () => sent.filter((r) => r.path === '/api/analytics/track').map((r) => r.body as { event: string; parameters: Record<string, unknown> });

describe('useAnalytics', () => {
  it("throws the spec's message outside an AnalyticsProvider", () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAnalytics())).toThrow('useAnalytics must be used within an AnalyticsProvider');
  });
});

describe('AnalyticsProvider', () => {
  it('sends the event with the common fields, to our own server only, when signed in', async () => {
    window.history.replaceState(null, '', '/dashboard?email=jane%40example.com#top');
    renderTracker(signedIn({ id: 'user-7' }));
    act(() => api.track('upsell_viewed', { feature: 'remove_footer_message', location: 'footer_slot', plan: 'free' }));
    await waitFor(() => expect(tracked().map((e) => e.event)).toEqual(['page_view', 'upsell_viewed']));
    const event = tracked()[1];
    expect(event.parameters).toEqual({
      feature: 'remove_footer_message',
      location: 'footer_slot',
      plan: 'free',
      userId: 'user-7',
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      userAgent: navigator.userAgent,
      url: 'http://localhost/dashboard',
    });
    expect(sent.every((r) => r.method === 'POST' && r.path === '/api/analytics/track')).toBe(true);
    expect(JSON.stringify(sent.map((r) => r.body))).not.toContain('jane');
  });

  it("records a child's event fired on mount (children's effects run before the provider's)", async () => {
    function FiresOnMount() {
      const { track } = useAnalytics();
      useEffect(() => track('upsell_viewed', { location: 'footer_slot' }), [track]);
      return null;
    }
    render(
      <MemoryRouter>
        <AuthStateProvider state={signedIn()}>
          <AnalyticsProvider>
            <FiresOnMount />
          </AnalyticsProvider>
        </AuthStateProvider>
      </MemoryRouter>,
    );
    await waitFor(() => expect(tracked().map((e) => e.event).sort()).toEqual(['page_view', 'upsell_viewed']));
  });

  it('sends nothing for signed-out visitors', async () => {
    renderTracker(signedOut);
    act(() => api.track('scan_started', { scan_type: 'privacy' }));
    await new Promise((r) => setTimeout(r, 20));
    expect(sent).toEqual([]);
  });

  it('counts a page_view on every route change', async () => {
    renderTracker(signedIn());
    await waitFor(() => expect(tracked()).toHaveLength(1));
    act(() => void navigate('/pricing'));
    act(() => void navigate('/account'));
    await waitFor(() => expect(tracked().map((e) => e.event)).toEqual(['page_view', 'page_view', 'page_view']));
  });

  it.each([[400], ['network-error' as const]])('logs and swallows a failure (%s)', async (failure) => {
    status = failure;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    renderTracker(signedIn());
    expect(() => act(() => api.track('error_occurred', { error_type: 'x' }))).not.toThrow();
    await waitFor(() => expect(warn).toHaveBeenCalledWith(...(failure === 400 ? ['analytics: error_occurred was not recorded (400)'] : ['analytics: error_occurred was not sent', expect.any(TypeError)])));
  });
});

describe('abTestVariant', () => {
  const respond = (answer: (request: Request) => Response | Promise<Response>) => {
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
      const request = input as Request;
      const text = await request.clone().text();
      sent.push({ method: request.method, path: new URL(request.url).pathname, headers: request.headers, body: text ? JSON.parse(text) : undefined });
      return answer(request);
    }) as typeof fetch;
  };

  it("uses the server's variant", async () => {
    respond(() => new Response(JSON.stringify({ variant: 'B' }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    await expect(abTestVariant('pricing_test')).resolves.toBe('B');
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/analytics/ab-test/pricing_test']);
  });

  it('picks a random variant and posts it back when the answer is not ok', async () => {
    respond((request) =>
      request.method === 'GET' ? new Response('{}', { status: 503 }) : new Response(JSON.stringify({ variant: 'C' }), { status: 200 }),
    );
    await expect(abTestVariant('pricing_test', () => 0.9)).resolves.toBe('C');
    // The record is posted without holding up the answer.
    await waitFor(() => expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/analytics/ab-test/pricing_test', 'POST /api/analytics/ab-test/pricing_test']));
    expect(sent[1].body).toEqual({ variant: 'C' });
    expect(sent[1].headers.get('X-Footprint-CSRF')).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    sent = [];
    await expect(abTestVariant('pricing_test', () => 0)).resolves.toBe('A');
    await expect(abTestVariant('pricing_test', () => 0.5)).resolves.toBe('B');
  });

  it('falls back to A on any error', async () => {
    respond(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(abTestVariant('pricing_test', () => 0.9)).resolves.toBe('A');
  });
});
