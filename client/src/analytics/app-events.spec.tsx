/**
 * @jest-environment ./test/support/jsdom-fetch-environment.js
 */
import '../test-setup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { PAYMENT_SUCCESS_MESSAGE } from '../billing/use-payment-return';
import { notify } from '../components/toaster';
import DashboardPage from '../pages/DashboardPage';
import { PrivacyAuditWidget } from '../scans/PrivacyAuditWidget';
import { emailResult, jsonResponse, sseForResult, sseResponse } from '../scans/scan-test-helpers';
import { renderWithProviders, signedIn } from '../test-utils';

/** Where the app fires its analytics events: the privacy scan widget, and the return from checkout. */

let answer: (request: Request) => Response;
beforeEach(() => {
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => answer(input as Request)) as typeof fetch;
});
afterEach(() => jest.restoreAllMocks());

function scan(input: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Email address, website URL or social media handle' }), { target: { value: input } });
  fireEvent.click(screen.getByRole('button', { name: 'Check My Privacy' }));
}

describe('the privacy audit widget', () => {
  it('records scan_started, then scan_completed with the result\'s type, id, score and time — never the input', async () => {
    const result = emailResult({ scanId: '0f8fad5b-d9cb-469f-a165-70867728950e', privacyScore: 65 });
    answer = () => sseResponse(sseForResult(result));
    const track = jest.fn();
    renderWithProviders(<PrivacyAuditWidget />, { auth: signedIn(), track });
    scan('alice@example.com');
    await screen.findByRole('heading', { name: `Results for ${result.input}` }, { timeout: 5_000 });
    expect(track.mock.calls).toEqual([
      ['scan_started', { scan_type: 'privacy', input_type: 'email' }],
      [
        'scan_completed',
        {
          scan_type: 'privacy',
          input_type: 'email',
          scan_id: '0f8fad5b-d9cb-469f-a165-70867728950e',
          privacy_score: 65,
          processing_time: expect.any(Number),
        },
      ],
    ]);
    expect(JSON.stringify(track.mock.calls)).not.toContain('alice');
  });

  it('records error_occurred when the scan fails', async () => {
    answer = () => jsonResponse(500, { statusCode: 500, error: 'Something went wrong on our side. Please try again.', requestId: 'r' });
    const track = jest.fn();
    renderWithProviders(<PrivacyAuditWidget />, { auth: signedIn(), track });
    scan('alice@example.com');
    await screen.findByRole('alert');
    expect(track).toHaveBeenCalledWith('error_occurred', expect.objectContaining({ error_type: 'scan_failed', context: 'privacy_audit_widget' }));
    expect(track).not.toHaveBeenCalledWith('scan_completed', expect.anything());
  });
});

describe('the return from checkout', () => {
  function Where() {
    return <p data-testid="where">{useLocation().search}</p>;
  }

  it('toasts the success once, takes the flag out of the address and reloads the profile until the plan changes', async () => {
    const toast = jest.spyOn(notify, 'success');
    const refreshProfile = jest.fn(async () => {});
    let profiles = 0;
    answer = (request) => {
      if (new URL(request.url).pathname !== '/api/auth/profile') throw new Error(`unexpected ${request.url}`);
      profiles += 1;
      // The webhook arrives after the first look.
      const plan = profiles === 1 ? { tier: 'free', expiresAt: null } : { tier: 'plus', expiresAt: '2031-02-01T00:00:00.000Z' };
      return jsonResponse(200, { id: 'u-1', email: 'alice@example.com', displayName: 'Alice', emailVerified: true, plan });
    };
    renderWithProviders(
      <Routes>
        <Route
          path="/dashboard"
          element={
            <>
              <DashboardPage />
              <Where />
            </>
          }
        />
      </Routes>,
      { auth: signedIn(), path: '/dashboard?success=true', refreshProfile },
    );
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(''));
    expect(toast.mock.calls).toEqual([[PAYMENT_SUCCESS_MESSAGE]]);
    await waitFor(() => expect(refreshProfile).toHaveBeenCalledTimes(1), { timeout: 3_000 });
    expect(profiles).toBe(2);
  });
});
