import '../test-setup';
import { fireEvent, screen } from '@testing-library/react';
import type { PlanTier } from '../auth/auth-context';
import { renderWithProviders, signedIn, signedOut } from '../test-utils';
import { AdSlot } from './AdSlot';

const UPSELL = { feature: 'remove_footer_message', location: 'footer_slot', plan: 'free' };

describe('AdSlot', () => {
  it('shows Footprint’s own upgrade message to signed-in free-plan users', () => {
    renderWithProviders(<AdSlot />, { auth: signedIn({ plan: { tier: 'free', expiresAt: null } }) });
    const slot = screen.getByTestId('ad-slot');
    expect(slot.textContent).toContain('Upgrade to remove this message');
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
    // Nothing from elsewhere: no frames, scripts, images or off-site links.
    expect(slot.querySelector('iframe, script, img')).toBeNull();
    for (const link of slot.querySelectorAll('a')) expect(link.getAttribute('href')).toMatch(/^\//);
  });

  it('shows it again once a paid period has ended (the profile then says free)', () => {
    renderWithProviders(<AdSlot />, { auth: signedIn({ plan: { tier: 'free', expiresAt: '2020-01-31T00:00:00.000Z' } }) });
    expect(screen.getByTestId('ad-slot')).toBeTruthy();
  });

  it('records upsell_viewed once when shown, and upsell_clicked on the link', () => {
    const track = jest.fn();
    renderWithProviders(<AdSlot />, { auth: signedIn(), track });
    expect(track.mock.calls).toEqual([['upsell_viewed', UPSELL]]);
    fireEvent.click(screen.getByRole('link', { name: 'See plans' }));
    expect(track.mock.calls).toEqual([
      ['upsell_viewed', UPSELL],
      ['upsell_clicked', UPSELL],
    ]);
  });

  it.each<PlanTier>(['plus', 'pro', 'business'])('renders nothing on the %s plan, and records nothing', (tier) => {
    const track = jest.fn();
    renderWithProviders(<AdSlot />, { auth: signedIn({ plan: { tier, expiresAt: '2099-01-01T00:00:00.000Z' } }), track });
    expect(screen.queryByTestId('ad-slot')).toBeNull();
    expect(track).not.toHaveBeenCalled();
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
