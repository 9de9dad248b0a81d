import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../test-utils';
import { Footer } from './Footer';

describe('Footer', () => {
  it("links API to the server's API reference at /api/docs, outside the app's router", () => {
    renderWithProviders(<Footer />);
    const link = screen.getByRole('link', { name: 'API' });
    expect(link.getAttribute('href')).toBe('/api/docs');
    expect(within(link.closest('li')!).queryByText('(coming soon)')).toBeNull();
  });

  it('links the pages of the app, and marks the ones that do not exist yet', () => {
    renderWithProviders(<Footer />);
    expect(screen.getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(screen.queryByRole('link', { name: 'Help Center' })).toBeNull();
    expect(screen.getByText('Help Center').textContent).toContain('coming soon');
  });
});
