import { Box, Container, Link, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAnalytics } from '../analytics/analytics-context';
import { useAuth } from '../auth/auth-context';

const UPSELL = { feature: 'remove_footer_message', location: 'footer_slot', plan: 'free' } as const;

/**
 * The footer "ad slot" (spec section 2): shown only to signed-in users on the free plan (a paid
 * plan past its end counts as free), and it carries Footprint's own upgrade message. No ad network,
 * nothing from a third party; being shown and clicked are first-party analytics events.
 */
export function AdSlot() {
  const { state } = useAuth();
  const { track } = useAnalytics();
  const shown = state.status === 'signedIn' && state.user.plan.tier === 'free';
  useEffect(() => {
    if (shown) track('upsell_viewed', UPSELL);
  }, [shown, track]);

  if (!shown) return null;
  return (
    <Box as="aside" aria-label="Upgrade message" data-testid="ad-slot" bg="blue.subtle" borderTopWidth="1px" borderColor="blue.muted">
      <Container maxW="6xl" py="4">
        <Text fontSize="sm" color="fg" textAlign="center">
          Upgrade to remove this message and get more scans, monitors and reports.{' '}
          <Link asChild variant="underline" color="blue.fg" fontWeight="semibold">
            <RouterLink to="/pricing" onClick={() => track('upsell_clicked', UPSELL)}>
              See plans
            </RouterLink>
          </Link>
        </Text>
      </Container>
    </Box>
  );
}
