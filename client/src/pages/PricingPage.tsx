import { Box, Button, Card, Container, Flex, SimpleGrid, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { AB_VARIANTS, abTestVariant, type AbVariant } from '../analytics/ab-test';
import type { PlanTier } from '../auth/auth-context';
import { CheckoutPanel } from '../billing/CheckoutPanel';
import { formatMoney } from '../format';
import { PRICING_HEADLINES } from '../billing/pricing-headlines';
import { useBillingConfig } from '../billing/use-billing-config';
import { BoltIcon, CheckIcon, EyeOffIcon, ShieldCheckIcon } from '../components/icons';
import { PageHero } from '../components/PageHero';
import { PlanFeatureList, PlanHeading } from '../components/PlanCardParts';
import { PlansError, PlansLoading } from '../components/PlansStatus';
import { type Plan, usePlans } from '../hooks/use-api-data';

/** The plan selected when the page opens (spec: default plus). */
const DEFAULT_TIER: PlanTier = 'plus';

function PlanCard({ plan, selected, onSelect }: { plan: Plan; selected: boolean; onSelect: () => void }) {
  return (
    <Card.Root
      variant="outline"
      borderWidth="2px"
      borderColor={selected ? 'blue.600' : 'border'}
      bg={selected ? 'blue.subtle' : 'bg.panel'}
      cursor="pointer"
      onClick={onSelect}
      transition="border-color 0.15s, background-color 0.15s"
    >
      <Card.Body gap="4">
        <PlanHeading plan={plan} as="h2" />
        <Text color="fg.muted">
          <Text as="span" fontSize="4xl" fontWeight="bold" color="fg">
            {formatMoney(plan.priceCents)}
          </Text>
          /month
        </Text>
        <PlanFeatureList plan={plan} />
      </Card.Body>
      <Card.Footer>
        <Button
          w="full"
          colorPalette="blue"
          variant={selected ? 'solid' : 'outline'}
          aria-pressed={selected}
          onClick={(event) => {
            event.stopPropagation();
            onSelect();
          }}
        >
          {selected && <CheckIcon />}
          Select {plan.name}
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}

/** What is true of Footprint, in place of the spec's claims that are not (DESIGN.md difference 10). */
const claims = [
  { label: 'Self-hostable: runs on your own server', icon: ShieldCheckIcon },
  { label: 'Checks run live against named sources', icon: BoltIcon },
  { label: 'No trackers on this site', icon: EyeOffIcon },
];

/** The A/B headline variant (spec section 7); undefined until known, so the headline never flips. */
function usePricingVariant(): AbVariant | undefined {
  const [variant, setVariant] = useState<AbVariant>();
  useEffect(() => {
    let live = true;
    void abTestVariant('pricing_test').then((v) => live && setVariant(v));
    return () => {
      live = false;
    };
  }, []);
  return variant;
}

/**
 * The headline of the A/B variant, shown once the variant is known. The three headlines share one
 * grid cell (the others hidden), so the heading is as tall as the longest from the first paint and
 * nothing below it moves when the variant arrives.
 */
function PricingHeadline({ variant }: { variant: AbVariant | undefined }) {
  return (
    <Box as="span" display="grid">
      {AB_VARIANTS.map((option) => (
        <Box
          as="span"
          key={option}
          gridArea="1 / 1"
          visibility={option === variant ? 'visible' : 'hidden'}
          aria-hidden={option === variant ? undefined : true}
        >
          {PRICING_HEADLINES[option]}
        </Box>
      ))}
    </Box>
  );
}

export default function PricingPage() {
  const [plans, reload] = usePlans();
  const [selectedTier, setSelectedTier] = useState<PlanTier>(DEFAULT_TIER);
  const selected = plans.status === 'ready' ? plans.data.find((plan) => plan.tier === selectedTier) : undefined;
  const variant = usePricingVariant();
  const billing = useBillingConfig();

  return (
    <>
      <Box data-ab-variant={variant}>
        <PageHero
          title={<PricingHeadline variant={variant} />}
          lead="Start free, and upgrade when you want more scans, monitors and reports. Select a plan to see the next step."
        />
      </Box>
      <Box as="section" aria-label="Plans" pb={{ base: '14', md: '20' }}>
        <Container maxW="6xl">
          {plans.status === 'loading' && <PlansLoading />}
          {plans.status === 'error' && <PlansError onRetry={reload} />}
          {plans.status === 'ready' && (
            <>
              <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="6">
                {plans.data.map((plan) => (
                  <PlanCard
                    key={plan.tier}
                    plan={plan}
                    selected={plan.tier === selectedTier}
                    onSelect={() => setSelectedTier(plan.tier)}
                  />
                ))}
              </SimpleGrid>
              {selected && <CheckoutPanel plan={selected} config={billing} />}
            </>
          )}
          <Flex as="ul" listStyleType="none" justify="center" gap={{ base: '4', md: '10' }} mt="12" wrap="wrap">
            {claims.map(({ label, icon: ClaimIcon }) => (
              <Flex as="li" key={label} align="center" gap="2" color="fg" fontWeight="medium">
                <ClaimIcon color="green.fg" />
                {label}
              </Flex>
            ))}
          </Flex>
        </Container>
      </Box>
    </>
  );
}
