import '../test-setup';
import { screen } from '@testing-library/react';
import type { PlanTier } from '../auth/auth-context';
import { renderWithProviders, signedIn, signedOut } from '../test-utils';
import { AdSlot } from './AdSlot';

describe('AdSlot', () => {
  it('shows Footprint’s own upgrade message to signed-in free-plan users', () => {
    renderWithProviders(<AdSlot />, { auth: signedIn({ plan: { tier: 'free' } }) });
    const slot = screen.getByTestId('ad-slot');
    expect(slot.textContent).toContain('Upgrade to remove this message');
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
    // Nothing from elsewhere: no frames, scripts, images or off-site links.
    expect(slot.querySelector('iframe, script, img')).toBeNull();
    for (const link of slot.querySelectorAll('a')) expect(link.getAttribute('href')).toMatch(/^\//);
  });

  it.each<PlanTier>(['plus', 'pro', 'business'])('renders nothing on the %s plan', (tier) => {
    renderWithProviders(<AdSlot />, { auth: signedIn({ plan: { tier } }) });
    expect(screen.queryByTestId('ad-slot')).toBeNull();
  });

  it('renders nothing for signed-out visitors', () => {
    renderWithProviders(<AdSlot />, { auth: signedOut });
    expect(screen.queryByTestId('ad-slot')).toBeNull();
  });

  it('renders nothing while auth is loading', () => {
    renderWithProviders(<AdSlot />, { auth: { status: 'loading', user: undefined } });
    expect(screen.queryByTestId('ad-slot')).toBeNull();
  });
});
