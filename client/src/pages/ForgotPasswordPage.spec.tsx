/**
 * @jest-environment ./test/support/jsdom-fetch-environment.js
 */
import '../test-setup';
import { fireEvent, screen } from '@testing-library/react';
import { type Answer, fakeFetch } from '../monitoring/monitoring-test-helpers';
import { renderWithProviders } from '../test-utils';
import ForgotPasswordPage from './ForgotPasswordPage';

jest.mock('../components/toaster', () => ({ notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() }, toaster: { create: jest.fn() } }));

const site = (sendsEmail: boolean) => () => ({
  status: 200,
  body: { name: 'Footprint', contactEmail: 'ops@footprint.test', version: '0.1.0', sendsEmail, outsideServices: [] },
});

async function ask(routes: Record<string, () => Answer>) {
  fakeFetch(routes);
  renderWithProviders(<ForgotPasswordPage />, { path: '/forgot-password' });
  fireEvent.change(screen.getByLabelText(/email/i), { target: { value: 'jane@example.com' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
  return screen.findByRole('status');
}

describe('forgot password answers', () => {
  it('on a server without email: never "check your inbox", but the server\'s sentence of whom to ask', async () => {
    const message = 'This server does not send email yet, so no reset link was sent. The person who runs it can make the link for you: write to ops@footprint.test.';
    const status = await ask({
      'GET /api/site': site(false),
      'POST /api/auth/password-reset/request': () => ({ status: 202, body: { status: 'accepted', emailSent: false, message } }),
    });
    expect(status.textContent).toBe(`No email was sent${message}`);
    expect(document.body.textContent).not.toContain('Check your inbox');
    expect(document.body.textContent).not.toContain('We will email you');
  });

  it('on a server with email: Check your inbox', async () => {
    const status = await ask({
      'GET /api/site': site(true),
      'POST /api/auth/password-reset/request': () => ({
        status: 202,
        body: { status: 'accepted', emailSent: true, message: 'If an account exists for this address, we have sent it a link to reset the password.' },
      }),
    });
    expect(status.textContent).toContain('Check your inbox');
  });
});
