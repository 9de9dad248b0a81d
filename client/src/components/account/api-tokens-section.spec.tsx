/**
 * @jest-environment ./test/support/jsdom-fetch-environment.js
 */
import { formatDateTime } from '../../format';
import '../../test-setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Answer, fakeFetch } from '../../monitoring/monitoring-test-helpers';
import { renderWithProviders, signedIn } from '../../test-utils';
import { notify } from '../toaster';
import { ApiTokensSection } from './ApiTokensSection';

jest.mock('../toaster', () => ({
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() },
  toaster: { create: jest.fn() },
}));

const LIST = 'GET /api/auth/tokens';
const CREATE = 'POST /api/auth/tokens';

const token = (fields: object) => ({
  id: '0b9f2b4e-1c1d-4c0e-9d38-1f2e3d4c5b6a',
  name: 'Nightly script',
  prefix: 'a1b2c3d4',
  scope: 'read-write',
  createdAt: '2026-03-01T12:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
  ...fields,
});

let listed: object[];
let routes: Record<string, () => Answer>;
let http: ReturnType<typeof fakeFetch>;
beforeEach(() => {
  jest.clearAllMocks();
  listed = [];
  routes = {
    [LIST]: () => ({ status: 200, body: { tokens: listed, total: listed.length, page: 1, pageSize: 100 } }),
    [CREATE]: () => ({ status: 201, body: { ...token({ name: 'Dashboards', scope: 'read-only', expiresAt: '2026-03-31T12:00:00.000Z' }), token: 'fp_a1b2c3d4_secret' } }),
  };
  http = fakeFetch(routes);
});

function render() {
  renderWithProviders(<ApiTokensSection />, { auth: signedIn(), path: '/account' });
}

describe('API tokens on the account page', () => {
  it('creates a read-only token expiring in 30 days, shows the secret once and reloads the list', async () => {
    render();
    await screen.findByText('You have no API tokens.');
    fireEvent.change(screen.getByRole('textbox', { name: 'Token name' }), { target: { value: '  Dashboards ' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Access' }), { target: { value: 'read-only' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Expires' }), { target: { value: '30' } });
    listed = [token({ name: 'Dashboards', scope: 'read-only', expiresAt: '2026-03-31T12:00:00.000Z' })];
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));

    expect(((await screen.findByLabelText('New API token')) as HTMLInputElement).value).toBe('fp_a1b2c3d4_secret');
    expect(http.calls.find((c) => c.key === CREATE)?.body).toEqual({ name: 'Dashboards', scope: 'read-only', expiresInDays: 30 });
    const table = await screen.findByRole('table', { name: 'API tokens' });
    const row = within(table).getByRole('row', { name: /Dashboards/ });
    expect(within(row).getByText('Read only')).toBeTruthy();
    expect(within(row).getByText(formatDateTime('2026-03-31T12:00:00.000Z'))).toBeTruthy();
    // The form is back to its defaults.
    expect((screen.getByRole('combobox', { name: 'Access' }) as HTMLSelectElement).value).toBe('read-write');
    expect((screen.getByRole('combobox', { name: 'Expires' }) as HTMLSelectElement).value).toBe('');
  });

  it('sends a read-write token that never expires by default, and lists its access and expiry', async () => {
    listed = [token({})];
    render();
    const row = await screen.findByRole('row', { name: /Nightly script/ });
    expect(within(row).getByText('Read and write')).toBeTruthy();
    // Last used and expires: never.
    expect(within(row).getAllByText('Never')).toHaveLength(2);
    fireEvent.change(screen.getByRole('textbox', { name: 'Token name' }), { target: { value: 'CI' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    await waitFor(() => expect(http.count(CREATE)).toBe(1));
    expect(http.calls.find((c) => c.key === CREATE)?.body).toEqual({ name: 'CI', scope: 'read-write', expiresInDays: null });
  });

  it("shows the server's message when creating fails", async () => {
    routes[CREATE] = () => ({ status: 400, body: { statusCode: 400, error: 'expiresInDays must be a whole number from 1 to 365', requestId: 'r' } });
    render();
    await screen.findByText('You have no API tokens.');
    fireEvent.change(screen.getByRole('textbox', { name: 'Token name' }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to create token: expiresInDays must be a whole number from 1 to 365'));
  });

  it('asks before revoking (the dialog loads when first asked), then revokes and lists what is left', async () => {
    listed = [token({})];
    const REVOKE = `DELETE /api/auth/tokens/${token({}).id}`;
    routes[REVOKE] = () => {
      listed = [];
      return { status: 204 };
    };
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Nightly script' }));
    const dialog = await screen.findByRole('alertdialog', {}, { timeout: 10_000 });
    expect(within(dialog).getByText("Scripts using 'Nightly script' will stop working at once. This cannot be undone.")).toBeTruthy();
    expect(http.count(REVOKE)).toBe(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    await screen.findByText('You have no API tokens.');
    expect(http.count(REVOKE)).toBe(1);
    expect(notify.success).toHaveBeenCalledWith("Token 'Nightly script' revoked");
  });
});
