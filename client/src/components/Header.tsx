import { Box, Button, Container, Flex, HStack, IconButton, Link, Skeleton, Stack, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { NavLink, Link as RouterLink, useLocation } from 'react-router-dom';
import { emailLocalPart, useAuth } from '../auth/auth-context';
import { useColorMode } from '../color-mode/color-mode';
import { CloseIcon, FootprintIcon, MenuIcon, MoonIcon, SignOutIcon, SunIcon, UserIcon } from './icons';

/** The header turns opaque once the page has scrolled more than this many pixels (spec section 2). */
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
  /** The mobile menu leaves Education out (spec section 2). */
  mobile: boolean;
}

/** One link of the main or the mobile navigation; the current page's link is highlighted. */
function NavItemLink({ item, py, onClick }: { item: NavItem; py: string; onClick?: () => void }) {
  return (
    <Link
      asChild
      px="3"
      py={py}
      rounded="md"
      fontWeight="medium"
      color="fg"
      _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
      _currentPage={{ color: 'blue.fg', fontWeight: 'semibold' }}
    >
      <NavLink to={item.to} end onClick={onClick}>
        {item.label}
      </NavLink>
    </Link>
  );
}

/** Switches between light and dark; the choice is remembered by this browser. */
function ColorModeToggle() {
  const { colorMode, toggleColorMode } = useColorMode();
  const label = colorMode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
  return (
    <IconButton aria-label={label} title={label} variant="ghost" color="fg" onClick={toggleColorMode}>
      {colorMode === 'dark' ? <SunIcon /> : <MoonIcon />}
    </IconButton>
  );
}

/**
 * The top navigation bar: fixed, transparent at the top of the page and opaque once scrolled.
 * Signed in: Dashboard, Features, Education, About, the account chip and Sign Out.
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
    user || checking ? { to: '/dashboard', label: 'Dashboard', mobile: true } : { to: '/', label: 'Home', mobile: true },
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
    <Box
      as="header"
      data-scrolled={scrolled ? 'true' : 'false'}
      position="fixed"
      top="0"
      insetX="0"
      zIndex="sticky"
      bg={opaque ? 'bg' : 'transparent'}
      boxShadow={opaque ? 'md' : 'none'}
      transition="background-color 0.2s, box-shadow 0.2s"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && menuOpen) closeMenu();
      }}
    >
      <Container maxW="6xl" h="16" display="flex" alignItems="center" justifyContent="space-between" gap="4">
        <Link asChild fontWeight="bold" fontSize="xl" color="fg" textDecoration="none" _hover={{ textDecoration: 'none' }}>
          <RouterLink to={user ? '/dashboard' : '/'}>
            <FootprintIcon color="blue.fg" boxSize="7" />
            Footprint
          </RouterLink>
        </Link>

        <HStack as="nav" aria-label="Main" gap="1" hideBelow="md">
          {items.map((item) => (
            <NavItemLink key={item.to} item={item} py="2" />
          ))}
        </HStack>

        {/* A fixed width, so the navigation stays put whether signed in or out. */}
        <HStack gap="1" hideBelow="md" w={{ lg: '64' }} justify="flex-end" flexShrink={0}>
          <ColorModeToggle />
          {checking ? (
            <Skeleton h="9" w="40" rounded="full" aria-hidden="true" />
          ) : user ? (
            <>
              <Link
                asChild
                display="inline-flex"
                alignItems="center"
                gap="2"
                px="3"
                py="1.5"
                rounded="full"
                bg="blue.subtle"
                color="blue.fg"
                borderWidth="1px"
                borderColor="blue.muted"
                fontWeight="medium"
                maxW="40"
                _hover={{ bg: 'blue.muted', textDecoration: 'none' }}
              >
                <RouterLink to="/account">
                  <UserIcon boxSize="4" />
                  <VisuallyHidden>Account: </VisuallyHidden>
                  <Box as="span" truncate>
                    {emailLocalPart(user.email)}
                  </Box>
                </RouterLink>
              </Link>
              <IconButton aria-label="Sign Out" title="Sign Out" variant="ghost" color="fg" onClick={handleSignOut}>
                <SignOutIcon />
              </IconButton>
            </>
          ) : (
            <Button asChild colorPalette="blue">
              <RouterLink to="/login">Protect My Privacy</RouterLink>
            </Button>
          )}
        </HStack>

        <HStack gap="1" hideFrom="md">
          <ColorModeToggle />
          <IconButton
            variant="ghost"
            color="fg"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </IconButton>
        </HStack>
      </Container>

      {menuOpen && (
        <Box id="mobile-menu" hideFrom="md" bg="bg" borderTopWidth="1px" boxShadow="md">
          <Container maxW="6xl" py="3">
            <Stack as="nav" aria-label="Mobile" gap="1">
              {items
                .filter((item) => item.mobile)
                .map((item) => (
                  <NavItemLink key={item.to} item={item} py="3" onClick={closeMenu} />
                ))}
              {checking ? null : user ? (
                <Flex direction="column" gap="2" pt="2" borderTopWidth="1px">
                  <Link
                    asChild
                    px="3"
                    py="3"
                    rounded="md"
                    fontWeight="medium"
                    color="fg"
                    _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
                  >
                    <RouterLink to="/account" onClick={closeMenu}>
                      <UserIcon boxSize="4" />
                      <VisuallyHidden>Account: </VisuallyHidden>
                      {emailLocalPart(user.email)}
                    </RouterLink>
                  </Link>
                  <Button variant="outline" justifyContent="flex-start" onClick={handleSignOut}>
                    <SignOutIcon />
                    Sign Out
                  </Button>
                </Flex>
              ) : (
                <Button asChild colorPalette="blue" mt="2">
                  <RouterLink to="/login" onClick={closeMenu}>
                    Protect My Privacy
                  </RouterLink>
                </Button>
              )}
            </Stack>
          </Container>
        </Box>
      )}
    </Box>
  );
}
