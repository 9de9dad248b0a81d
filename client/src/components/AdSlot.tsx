import { Box, Container, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';

/**
 * The footer "ad slot" (spec section 2): shown only to signed-in users on the free plan, and it
 * carries Footprint's own upgrade message. No ad network, nothing from a third party.
 */
export function AdSlot() {
  const { state } = useAuth();
  if (state.status !== 'signedIn' || state.user.plan.tier !== 'free') return null;
  return (
    <Box as="aside" aria-label="Upgrade message" data-testid="ad-slot" bg="blue.50" borderTopWidth="1px" borderColor="blue.100">
      <Container maxW="6xl" py="4">
        <Text fontSize="sm" color="gray.800" textAlign="center">
          Upgrade to remove this message and get more scans, monitors and reports.{' '}
          <Link asChild variant="underline" color="blue.700" fontWeight="semibold">
            <RouterLink to="/pricing">See plans</RouterLink>
          </Link>
        </Text>
      </Container>
    </Box>
  );
}
