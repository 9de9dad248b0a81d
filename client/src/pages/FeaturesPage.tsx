import { Box, Button, Card, Container, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { formatMoney } from '../format';
import { databaseShape, globeShape, imageShape, mapPinShape, messageShape, usersShape } from '../components/icon-shapes';
import { IconCard, type IconCardContent } from '../components/IconCard';
import { PageHero } from '../components/PageHero';
import { PlanFeatureList, PlanHeading } from '../components/PlanCardParts';
import { PlansError, PlansLoading } from '../components/PlansStatus';
import { type Plan, usePlans } from '../hooks/use-api-data';

const featureCards: IconCardContent[] = [
  {
    title: 'Data breach detection',
    text: 'We look up your email address in the Have I Been Pwned breach database and show each breach it appears in: when it happened and which kinds of data leaked, such as passwords or phone numbers.',
    icon: databaseShape,
  },
  {
    title: 'Oversharing analysis',
    text: 'We check what a public profile or website gives away about you, such as your full name, employer, contact details and the trackers a site loads, and explain why each item matters.',
    icon: messageShape,
  },
  {
    title: 'Location exposure',
    text: 'We flag public details that place you somewhere: a home town in a bio, an address on a page, or GPS coordinates left inside a photo.',
    icon: mapPinShape,
  },
  {
    title: 'Metadata analysis',
    text: 'Upload a photo and we read its EXIF, XMP and IPTC metadata: location, time, camera and device details. You can download a copy with that metadata removed.',
    icon: imageShape,
  },
  {
    title: 'Social media monitoring',
    text: 'Monitors re-check your email addresses and handles every week or month and tell you when something new turns up, so you do not have to remember to look.',
    icon: usersShape,
  },
  {
    title: 'Dark web scanning',
    text: 'By this we mean checking the breach collections that circulate after leaks, as indexed by Have I Been Pwned. We do not crawl hidden marketplaces, and we only report what those collections contain.',
    icon: globeShape,
  },
];

/**
 * The plan's price as the pricing page and checkout sell it: one payment for 30 days. There is no
 * annual billing (the spec's "Save 20%" toggle offered prices nothing could buy).
 */
function PlanPrice({ plan }: { plan: Plan }) {
  return (
    <Text color="fg.muted">
      <Text as="span" fontSize="4xl" fontWeight="bold" color="fg">
        {formatMoney(plan.priceCents)}
      </Text>
      /month
    </Text>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  return (
    <Card.Root
      variant="outline"
      borderWidth={plan.mostPopular ? '2px' : '1px'}
      borderColor={plan.mostPopular ? 'blue.600' : 'border'}
    >
      <Card.Body gap="4">
        <PlanHeading plan={plan} as="h3" />
        <PlanPrice plan={plan} />
        <PlanFeatureList plan={plan} />
      </Card.Body>
      <Card.Footer>
        <Button asChild w="full" colorPalette="blue" variant={plan.mostPopular ? 'solid' : 'outline'}>
          <RouterLink to="/pricing">{plan.priceCents === 0 ? 'Start Free' : `Choose ${plan.name}`}</RouterLink>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}

export default function FeaturesPage() {
  const [plans, reload] = usePlans();

  return (
    <>
      <PageHero
        title="Everything you need to guard your privacy"
        lead="Footprint finds where your personal data is exposed, shows you the evidence, and tells you what to do. Start free and upgrade when you want more scans, monitors and reports."
      >
        <Text mt="6" color="fg.muted" data-testid="billing-note">
          Paid plans are bought one month at a time: one payment covers 30 days and nothing renews by itself.
        </Text>
      </PageHero>

      <Box as="section" aria-labelledby="plans-title" pb={{ base: '14', md: '20' }}>
        <Container maxW="6xl">
          <Heading as="h2" id="plans-title" textAlign="center" size={{ base: '2xl', md: '3xl' }} mb="8">
            Plans
          </Heading>
          {plans.status === 'loading' && <PlansLoading />}
          {plans.status === 'error' && <PlansError onRetry={reload} />}
          {plans.status === 'ready' && (
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="6">
              {plans.data.map((plan) => (
                <PlanCard key={plan.tier} plan={plan} />
              ))}
            </SimpleGrid>
          )}
        </Container>
      </Box>

      <Box as="section" aria-labelledby="capabilities-title" py={{ base: '14', md: '20' }} bg="bg.subtle">
        <Container maxW="6xl">
          <Heading as="h2" id="capabilities-title" textAlign="center" size={{ base: '2xl', md: '3xl' }}>
            What Footprint does
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="6" mt="10">
            {featureCards.map((feature) => (
              <IconCard key={feature.title} {...feature} />
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Box as="section" aria-labelledby="features-cta-title" py={{ base: '14', md: '20' }}>
        <Container maxW="3xl" textAlign="center">
          <Heading as="h2" id="features-cta-title" size={{ base: '2xl', md: '3xl' }}>
            Ready to see your footprint?
          </Heading>
          <Text mt="4" color="fg.muted" fontSize="lg">
            Compare the plans side by side and pick the one that fits.
          </Text>
          <Button asChild colorPalette="blue" size="lg" mt="8">
            <RouterLink to="/pricing">View Pricing</RouterLink>
          </Button>
        </Container>
      </Box>
    </>
  );
}
