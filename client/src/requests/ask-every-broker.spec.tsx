/**
 * @jest-environment ./test/support/jsdom-fetch-environment.js
 */
import '../test-setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, signedIn } from '../test-utils';
import { AskEveryBroker } from './AskEveryBroker';

jest.mock('../components/toaster', () => ({
  notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() },
  toaster: { create: jest.fn() },
}));

const DROP = { name: 'Delete Request and Opt-out Platform (DROP)', url: 'https://consumer.drop.privacy.ca.gov/', about: 'https://privacy.ca.gov/drop/', text: 'One deletion request to every registered broker.' };
const broker = (slug: string, name: string, asked = false) => ({ slug, name, email: `privacy@${slug}.example`, webform: null, source: 'ca_broker_registry', asked });

let asked: { method: string; url: URL; body: unknown }[];
beforeEach(() => {
  asked = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const req = input as Request;
    const url = new URL(req.url);
    const body = req.method === 'POST' ? await req.json() : undefined;
    asked.push({ method: req.method, url, body });
    if (url.pathname !== '/api/requests/brokers') throw new Error(`unexpected ${url.pathname}`);
    if (req.method === 'POST') return Response.json({ created: [{ id: 'a' }, { id: 'c' }], alreadyAsked: 1, leftOver: 1, drop: DROP }, { status: 201 });
    const ca = url.searchParams.get('jurisdiction') === 'ccpa';
    return Response.json({
      drop: ca ? DROP : null,
      brokers: ca ? [broker('a', 'Ashgrove Audience Labs'), broker('b', 'Birchline Data', true), broker('c', 'Cobalt Lists'), broker('d', 'Dunmore People Search')] : [broker('m', 'Meridian Data Brokers')],
      alreadyAsked: ca ? 1 : 0,
      willDraft: ca ? 2 : 1,
      leftOver: ca ? 1 : 0,
      remaining: ca ? 2 : 3,
    });
  }) as typeof fetch;
});

describe('Ask every data broker', () => {
  it('names DROP first for Californians, confirms how many drafts go to whom, then makes them', async () => {
    const onCreated = jest.fn();
    renderWithProviders(<AskEveryBroker email="jane@example.org" onCreated={onCreated} />, { auth: signedIn(), path: '/requests' });
    fireEvent.click(screen.getByRole('button', { name: 'Ask every data broker' }));

    const drop = await screen.findByTestId('drop-first');
    expect(within(drop).getByRole('link', { name: /Delete Request and Opt-out Platform/ }).getAttribute('href')).toBe('https://consumer.drop.privacy.ca.gov/');
    const confirmation = screen.getByTestId('broker-confirmation');
    // DROP comes before the confirmation in the page.
    expect(drop.compareDocumentPosition(confirmation) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(confirmation).getByText('This makes 2 drafts, one to each of 2 data brokers:')).toBeTruthy();
    expect(within(confirmation).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Ashgrove Audience Labs', 'Cobalt Lists']);
    expect(confirmation.textContent).toContain('No second draft for 1 data broker you have already asked.');
    expect(confirmation.textContent).toContain('1 data broker will be left: your plan has 2 requests left this month.');

    fireEvent.click(screen.getByRole('button', { name: 'Make 2 drafts' }));
    expect(await screen.findByTestId('broker-result')).toBeTruthy();
    expect(screen.getByTestId('broker-result').textContent).toContain('2 drafts made; 1 data broker left for next month');
    const post = asked.find((a) => a.method === 'POST');
    expect(post?.body).toEqual({ jurisdiction: 'ccpa', kind: 'erasure', email: 'jane@example.org' });
    expect(onCreated).toHaveBeenCalledTimes(1);
  });

  it('asks for the country under the GDPR before listing, and names no DROP there', async () => {
    renderWithProviders(<AskEveryBroker email="jane@example.org" onCreated={jest.fn()} />, { auth: signedIn(), path: '/requests' });
    fireEvent.click(screen.getByRole('button', { name: 'Ask every data broker' }));
    await screen.findByTestId('drop-first');
    fireEvent.change(screen.getByRole('combobox', { name: 'Where you live' }), { target: { value: 'gdpr' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'What to ask' }), { target: { value: 'opt_out_sale' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Country code' }), { target: { value: 'DE' } });
    await waitFor(() => expect(within(screen.getByTestId('broker-confirmation')).getByText('This makes 1 draft, one to each of 1 data broker:')).toBeTruthy());
    expect(screen.queryByTestId('drop-first')).toBeNull();
    const gets = asked.filter((a) => a.method === 'GET').map((a) => a.url.search);
    expect(gets.at(-1)).toBe('?jurisdiction=gdpr&kind=opt_out_sale&country=DE');
    expect(gets.every((q) => !q.includes('jurisdiction=gdpr') || q.includes('country=DE'))).toBe(true);
  });
});
