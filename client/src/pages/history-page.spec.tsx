/**
 * @jest-environment ./test/support/jsdom-fetch-environment.js
 */
import '../test-setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, signedIn } from '../test-utils';
import HistoryPage from './HistoryPage';

jest.mock('../components/toaster', () => ({
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() },
  toaster: { create: jest.fn() },
}));

const summary = (i: number, fields: object = {}) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  scanType: 'privacy',
  input: `person${i}@example.com`,
  inputType: 'email',
  status: 'completed',
  score: 80,
  imageRiskLevel: null,
  findings: null,
  startedAt: '2026-03-01T12:00:00.000Z',
  completedAt: '2026-03-01T12:00:20.000Z',
  ...fields,
});

let asked: URL[];
let total: number;
let record: object | undefined;
beforeEach(() => {
  asked = [];
  total = 45;
  record = undefined;
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL((input as Request).url);
    asked.push(url);
    if (url.pathname === '/api/scans') {
      const page = Number(url.searchParams.get('page'));
      const items = Array.from({ length: Math.min(20, total - (page - 1) * 20) }, (_, i) => summary((page - 1) * 20 + i));
      return Response.json({ items, total, page, pageSize: 20 });
    }
    if (url.pathname.startsWith('/api/scans/')) {
      if (record) return Response.json(record);
      return Response.json({
        ...summary(7, { scanType: 'image', input: 'holiday.jpg', inputType: 'image', score: null, imageRiskLevel: 'high' }),
        result: { findings: [{ category: 'gps', severity: 'high', description: 'GPS position of the photo', redactedValue: '48.8…, 2.3…', recommendation: 'Strip the location before sharing.' }] },
      });
    }
    throw new Error(`unexpected ${url.pathname}`);
  }) as typeof fetch;
});

const scansAsked = () => asked.filter((u) => u.pathname === '/api/scans');

describe('the history page', () => {
  it('lists a page of scans newest first, each opening its stored result, and pages through them', async () => {
    renderWithProviders(<HistoryPage />, { auth: signedIn(), path: '/history' });
    const list = await screen.findByRole('list', { name: 'Scan history' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(20);
    expect(links[0].getAttribute('href')).toBe(`/history?scan=${summary(0).id}`);
    expect(screen.getByTestId('history-count').textContent).toBe('45 scans · page 1 of 3');

    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(screen.getByTestId('history-count').textContent).toBe('45 scans · page 2 of 3'));
    expect(scansAsked().at(-1)?.searchParams.get('page')).toBe('2');
  });

  it('sends the kind and input filters to the server and says when nothing matches', async () => {
    renderWithProviders(<HistoryPage />, { auth: signedIn(), path: '/history' });
    await screen.findByRole('list', { name: 'Scan history' });
    total = 0;
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'website' } });
    fireEvent.change(screen.getByLabelText('Input contains'), { target: { value: ' example.org ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No scans match these filters.')).toBeTruthy();
    const last = scansAsked().at(-1)!;
    expect(last.searchParams.get('kind')).toBe('website');
    expect(last.searchParams.get('input')).toBe('example.org');
    expect(last.searchParams.get('page')).toBe('1');
  });

  it('opens a stored image check from its link', async () => {
    renderWithProviders(<HistoryPage />, { auth: signedIn(), path: `/history?scan=${summary(7).id}` });
    expect(await screen.findByText('GPS position of the photo')).toBeTruthy();
    expect(screen.getByTestId('stored-result').textContent).toContain('Image check of holiday.jpg');
    expect(asked.some((u) => u.pathname === `/api/scans/${summary(7).id}`)).toBe(true);
  });

  it("shows why a failed scan failed when the server said so (its instance died)", async () => {
    const reason = 'The server handling this scan stopped before it finished. It did not count against your monthly scans; please run it again.';
    record = { ...summary(3, { status: 'failed', score: null, completedAt: '2026-03-01T12:00:30.000Z', failureReason: reason }), result: null };
    renderWithProviders(<HistoryPage />, { auth: signedIn(), path: `/history?scan=${summary(3).id}` });
    expect(await screen.findByText('This scan could not finish: no result was stored.')).toBeTruthy();
    expect(screen.getByText(reason)).toBeTruthy();
  });
});
