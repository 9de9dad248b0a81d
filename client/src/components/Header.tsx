import { useEffect, useState } from 'react';
import { NavLink, Link as RouterLink, useLocation } from 'react-router-dom';
import { emailLocalPart, useAuth } from '../auth/auth-context';
import { useColorMode } from '../color-mode/color-mode';
import { closeShape, footprintShape, menuShape, moonShape, signOutShape, StrokeSvg, sunShape, userShape } from './icon-shapes';

// Drawn without Chakra's runtime, with classes the build compiles from the Chakra theme
// (theme/shell-styles.ts, "Header"): it is on every page, the landing page's first render included.

/** The header turns opaque once the page has scrolled more than this many pixels (so that page text never shows through it). */
export const SCROLL_THRESHOLD_PX = 20;

function useScrolled(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(() => typeof window !== 'undefined' && window.scrollY > threshold);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return scrolled;
}

interface NavItem {
  to: string;
  label: string;
  /** The mobile menu leaves Education out (it stays in the footer). */
  mobile: boolean;
}

/** One link of the main or the mobile navigation; the current page's link is highlighted. */
function NavItemLink({ item, className, onClick }: { item: NavItem; className: string; onClick?: () => void }) {
  return (
    <NavLink to={item.to} end onClick={onClick} className={className}>
      {item.label}
    </NavLink>
  );
}

/** Switches between light and dark; the choice is remembered by this browser. */
function ColorModeToggle() {
  const { colorMode, toggleColorMode } = useColorMode();
  const label = colorMode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
  return (
    <button type="button" className="sh-icon-button" aria-label={label} title={label} onClick={toggleColorMode}>
      <StrokeSvg shape={colorMode === 'dark' ? sunShape : moonShape} className="sh-icon" />
    </button>
  );
}

/**
 * The top navigation bar: fixed, transparent at the top of the page and opaque once scrolled.
 * Signed in: Dashboard, History (every scan), Features, Education, About, the account chip and Sign Out.
 * Signed out: Home, Features, Education, About and 'Protect My Privacy'.
 * While a session the browser holds is being checked, the signed-in layout is shown with a
 * placeholder chip, so nothing moves when it answers.
 */
export function Header() {
  const { state, signOut } = useAuth();
  const { pathname } = useLocation();
  const scrolled = useScrolled(SCROLL_THRESHOLD_PX);
  // The menu remembers the page it was opened on, so any navigation closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const closeMenu = () => setMenuOpenOn(null);

  const user = state.status === 'signedIn' ? state.user : undefined;
  const checking = state.status === 'loading';
  const items: NavItem[] = [
    ...(user || checking
      ? [
          { to: '/dashboard', label: 'Dashboard', mobile: true },
          { to: '/history', label: 'History', mobile: true },
          // The person's privacy-rights requests (kept while the session is checked, so nothing moves).
          { to: '/requests', label: 'Requests', mobile: true },
        ]
      : [{ to: '/', label: 'Home', mobile: true }]),
    { to: '/features', label: 'Features', mobile: true },
    { to: '/education', label: 'Education', mobile: false },
    { to: '/about', label: 'About', mobile: true },
  ];

  async function handleSignOut() {
    closeMenu();
    try {
      await signOut(); // and goes to '/'
    } catch {
      // Toasts load on demand (components/Layout.tsx).
      void import('./toaster').then(({ notify }) => notify.error('Failed to log out'));
    }
  }

  const opaque = scrolled || menuOpen;

  return (
    <header
      className="sh-header"
      data-scrolled={scrolled ? 'true' : 'false'}
      data-opaque={opaque ? 'true' : 'false'}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && menuOpen) closeMenu();
      }}
    >
      <div className="sh-header-bar">
        <RouterLink to={user ? '/dashboard' : '/'} className="sh-brand">
          <StrokeSvg shape={footprintShape} className="sh-brand-icon" />
          Footprint
        </RouterLink>

        <nav aria-label="Main" className="sh-nav">
          {items.map((item) => (
            <NavItemLink key={item.to} item={item} className="sh-nav-link" />
          ))}
        </nav>

        {/* A fixed width, so the navigation stays put whether signed in or out. */}
        <div className="sh-header-actions">
          <ColorModeToggle />
          {checking ? (
            <div className="sh-chip-skeleton" aria-hidden="true" />
          ) : user ? (
            <>
              <RouterLink to="/account" className="sh-account-chip">
                <StrokeSvg shape={userShape} className="sh-icon-4" />
                <span className="sh-visually-hidden">Account: </span>
                <span className="sh-truncate">{emailLocalPart(user.email)}</span>
              </RouterLink>
              <button type="button" className="sh-icon-button" aria-label="Sign Out" title="Sign Out" onClick={handleSignOut}>
                <StrokeSvg shape={signOutShape} className="sh-icon" />
              </button>
            </>
          ) : (
            <RouterLink to="/login" className="sh-button">
              Protect My Privacy
            </RouterLink>
          )}
        </div>

        <div className="sh-mobile-actions">
          <ColorModeToggle />
          <button
            type="button"
            className="sh-icon-button"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
          >
            <StrokeSvg shape={menuOpen ? closeShape : menuShape} className="sh-icon" />
          </button>
        </div>
      </div>

      {menuOpen && (
        <div id="mobile-menu" className="sh-menu">
          <div className="sh-menu-bar">
            <nav aria-label="Mobile" className="sh-menu-nav">
              {items
                .filter((item) => item.mobile)
                .map((item) => (
                  <NavItemLink key={item.to} item={item} className="sh-menu-link" onClick={closeMenu} />
                ))}
              {checking ? null : user ? (
                <div className="sh-menu-account">
                  <RouterLink to="/account" onClick={closeMenu} className="sh-menu-link">
                    <StrokeSvg shape={userShape} className="sh-icon-4" />
                    <span className="sh-visually-hidden">Account: </span>
                    {emailLocalPart(user.email)}
                  </RouterLink>
                  <button type="button" className="sh-menu-sign-out" onClick={handleSignOut}>
                    <StrokeSvg shape={signOutShape} className="sh-icon" />
                    Sign Out
                  </button>
                </div>
              ) : (
                <RouterLink to="/login" onClick={closeMenu} className="sh-menu-button">
                  Protect My Privacy
                </RouterLink>
              )}
            </nav>
          </div>
        </div>
      )}
    </header>
  );
}
