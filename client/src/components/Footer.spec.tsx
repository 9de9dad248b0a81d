/**
 * @jest-environment ./test/support/jsdom-fetch-environment.js
 */
import '../test-setup';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../test-utils';
import { Footer } from './Footer';

let siteAnswer: () => Response;
beforeEach(() => {
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    if (url.pathname === '/api/site') return siteAnswer();
    return new Response('{}', { status: 404 });
  }) as typeof fetch;
});

describe('Footer', () => {
  it("links 'API' to the API docs and 'Contact Us' to the server's CONTACT_EMAIL, with no 'coming soon' on either", async () => {
    siteAnswer = () => Response.json({ name: 'Footprint', contactEmail: 'hello@privacy.example', version: '1', outsideServices: [] });
    renderWithProviders(<Footer />);
    expect(screen.getByRole('link', { name: 'API' }).getAttribute('href')).toBe('/api/docs');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('mailto:hello@privacy.example'));
    const footer = document.querySelector('footer')!;
    expect(footer.textContent).not.toMatch(/API \(coming soon\)|Contact Us \(coming soon\)/);
  });

  it('points Contact Us at the privacy policy (which names the address) when the site information cannot be loaded', async () => {
    siteAnswer = () => new Response('{}', { status: 500 });
    renderWithProviders(<Footer />);
    await waitFor(() => expect(globalThis.fetch).toHaveBeenCalled());
    expect(screen.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/privacy');
  });
});
