import { Box, Button, Container, Flex, HStack, IconButton, Link, Stack, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { NavLink, Link as RouterLink, useLocation } from 'react-router-dom';
import { emailLocalPart, useAuth } from '../auth/auth-context';
import { CloseIcon, FootprintIcon, MenuIcon, SignOutIcon, UserIcon } from './icons';
import { notify } from './toaster';

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
      color="gray.800"
      _hover={{ bg: 'blackAlpha.100', textDecoration: 'none' }}
      _currentPage={{ color: 'blue.700', fontWeight: 'semibold' }}
    >
      <NavLink to={item.to} end onClick={onClick}>
        {item.label}
      </NavLink>
    </Link>
  );
}

/**
 * The top navigation bar: fixed, transparent at the top of the page and opaque once scrolled.
 * Signed in: Dashboard, Features, Education, About, the account chip and Sign Out.
 * Signed out: Home, Features, Education, About and 'Protect My Privacy'.
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
  const items: NavItem[] = [
    user ? { to: '/dashboard', label: 'Dashboard', mobile: true } : { to: '/', label: 'Home', mobile: true },
    { to: '/features', label: 'Features', mobile: true },
    { to: '/education', label: 'Education', mobile: false },
    { to: '/about', label: 'About', mobile: true },
  ];

  async function handleSignOut() {
    closeMenu();
    try {
      await signOut(); // and goes to '/'
    } catch {
      notify.error('Failed to log out');
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
            <FootprintIcon color="blue.600" boxSize="7" />
            Footprint
          </RouterLink>
        </Link>

        <HStack as="nav" aria-label="Main" gap="1" hideBelow="md">
          {items.map((item) => (
            <NavItemLink key={item.to} item={item} py="2" />
          ))}
        </HStack>

        <HStack gap="2" hideBelow="md">
          {user ? (
            <>
              <Link
                asChild
                display="inline-flex"
                alignItems="center"
                gap="2"
                px="3"
                py="1.5"
                rounded="full"
                bg="blue.50"
                color="blue.800"
                borderWidth="1px"
                borderColor="blue.200"
                fontWeight="medium"
                maxW="48"
                _hover={{ bg: 'blue.100', textDecoration: 'none' }}
              >
                <RouterLink to="/account">
                  <UserIcon boxSize="4" />
                  <VisuallyHidden>Account: </VisuallyHidden>
                  <Box as="span" truncate>
                    {emailLocalPart(user.email)}
                  </Box>
                </RouterLink>
              </Link>
              <IconButton aria-label="Sign Out" title="Sign Out" variant="ghost" color="gray.800" onClick={handleSignOut}>
                <SignOutIcon />
              </IconButton>
            </>
          ) : (
            <Button asChild colorPalette="blue">
              <RouterLink to="/login">Protect My Privacy</RouterLink>
            </Button>
          )}
        </HStack>

        <IconButton
          hideFrom="md"
          variant="ghost"
          color="gray.800"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </IconButton>
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
              {user ? (
                <Flex direction="column" gap="2" pt="2" borderTopWidth="1px">
                  <Link
                    asChild
                    px="3"
                    py="3"
                    rounded="md"
                    fontWeight="medium"
                    color="gray.800"
                    _hover={{ bg: 'blackAlpha.100', textDecoration: 'none' }}
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
