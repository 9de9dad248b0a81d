/**
 * @jest-environment ./test/support/jsdom-fetch-environment.js
 */
import '../test-setup';
import { fireEvent, screen } from '@testing-library/react';
import { type Answer, fakeFetch } from '../monitoring/monitoring-test-helpers';
import { renderWithProviders, signedIn, signedOut } from '../test-utils';
import VerifyEmailPage from './VerifyEmailPage';

const VERIFY = 'POST /api/auth/verify-email';
let routes: Record<string, () => Answer>;
let http: ReturnType<typeof fakeFetch>;

beforeEach(() => {
  routes = {};
  http = fakeFetch(routes);
});

describe('account email verification page', () => {
  it('sends nothing until the person confirms (mail scanners open links too)', async () => {
    routes[VERIFY] = () => ({ status: 200, body: { outcome: 'verified' } });
    renderWithProviders(<VerifyEmailPage />, { auth: signedOut, path: '/verify-email?token=abc_123' });
    expect(screen.getByRole('button', { name: 'Verify my email address' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(http.calls).toEqual([]);
  });

  it('posts the token once, refreshes the profile and links a signed-in user to the dashboard', async () => {
    routes[VERIFY] = () => ({ status: 200, body: { outcome: 'verified' } });
    const refreshProfile = jest.fn(async () => {});
    renderWithProviders(<VerifyEmailPage />, { auth: signedIn(), path: '/verify-email?token=abc_123', refreshProfile });
    const button = screen.getByRole('button', { name: 'Verify my email address' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText('Your email address is verified.')).toBeTruthy();
    expect(http.calls.filter((c) => c.key === VERIFY).map((c) => c.body)).toEqual([{ token: 'abc_123' }]);
    expect(refreshProfile).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('names the new sign-in address after a change of address', async () => {
    routes[VERIFY] = () => ({ status: 200, body: { outcome: 'changed', email: 'jane.new@example.com' } });
    renderWithProviders(<VerifyEmailPage />, { auth: signedOut, path: '/verify-email?token=abc_123' });
    fireEvent.click(screen.getByRole('button', { name: 'Verify my email address' }));
    expect(await screen.findByText('Your sign-in address is now jane.new@example.com.')).toBeTruthy();
    expect(screen.queryByText('Your email address is verified.')).toBeNull();
  });

  it("shows the server's error with a hint, and links a signed-out user to login", async () => {
    routes[VERIFY] = () => ({ status: 400, body: { error: 'This verification link is invalid or has expired.' } });
    renderWithProviders(<VerifyEmailPage />, { auth: signedOut, path: '/verify-email?token=used' });
    fireEvent.click(screen.getByRole('button', { name: 'Verify my email address' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('This verification link is invalid or has expired.')).toBeTruthy();
    expect(screen.getByText('You can ask for a new link on your account page.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
  });

  it('says a dropped connection is a network error', async () => {
    routes[VERIFY] = () => 'network-error';
    renderWithProviders(<VerifyEmailPage />, { auth: signedOut, path: '/verify-email?token=abc_123' });
    fireEvent.click(screen.getByRole('button', { name: 'Verify my email address' }));
    expect(await screen.findByText('Network error. Please try again.')).toBeTruthy();
  });
});
