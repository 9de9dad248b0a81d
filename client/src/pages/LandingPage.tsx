import { Badge, Box, Button, Container, Flex, Heading, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { IconCard, type IconCardContent } from '../components/IconCard';
import { StatsBand } from '../components/StatsBand';
import { ClockIcon, DatabaseIcon, ImageIcon, MapPinIcon, MessageIcon } from '../components/icons';

// Below the fold: the scan widget's code (input rules, the event stream, the check list) loads
// once the page is up rather than in the first download.
const PrivacyAuditWidget = lazy(() => import('../scans/PrivacyAuditWidget').then((m) => ({ default: m.PrivacyAuditWidget })));

const features: IconCardContent[] = [
  {
    title: 'Data Breaches',
    text: 'Find out whether your email address appears in known data breaches, and which of your details leaked with it.',
    icon: DatabaseIcon,
  },
  {
    title: 'Oversharing Detection',
    text: 'See what your public profiles and handles reveal about you, from your real name to your employer.',
    icon: MessageIcon,
  },
  {
    title: 'Location Privacy',
    text: 'Spot where your home town, workplace or daily routine can be pieced together from what is public.',
    icon: MapPinIcon,
  },
  {
    title: 'Metadata Analysis',
    text: 'Check photos for hidden GPS coordinates, camera serial numbers and other details stored in the file.',
    icon: ImageIcon,
  },
];

/**
 * Figures that are true of the product itself, in place of the spec's marketing numbers (usage
 * counts, accuracy and support claims nobody measured: DESIGN.md difference 10).
 */
const stats: { value: string; label: string }[] = [
  { value: '4', label: 'Kinds of input: email, website, handle, image' },
  { value: 'Live', label: 'Checks against named sources, each with its evidence' },
  { value: '0', label: 'Trackers on this site' },
  { value: '< 30s', label: 'To get your privacy score' },
];

const TRY_NOW_INPUT_ID = 'try-now-input';

function scrollToTryNow() {
  const target = document.getElementById('try-now');
  if (!target) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  // Straight into the scan box when it can take input (not while a scan runs or results show).
  const input = document.getElementById(TRY_NOW_INPUT_ID);
  if (input instanceof HTMLInputElement && !input.disabled) input.focus({ preventScroll: true });
  else target.focus({ preventScroll: true });
}

/** The public landing page. Kept light: it is the only page in the first download. */
export function LandingPage() {
  return (
    <>
      <Box as="section" aria-labelledby="hero-title" mt="-16" pt={{ base: '28', md: '36' }} pb={{ base: '16', md: '24' }} bgGradient="to-b" gradientFrom="bg.hero" gradientTo="bg">
        <Container maxW="4xl" textAlign="center">
          <Badge colorPalette="blue" variant="subtle" size="lg" mb="5" rounded="full" px="3">
            Your privacy audit
          </Badge>
          <Heading as="h1" id="hero-title" size={{ base: '3xl', sm: '4xl', md: '6xl' }} letterSpacing="tight" color="fg">
            Discover what the internet knows about you
          </Heading>
          <Text mt="6" fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="2xl" mx="auto">
            Footprint checks your email address, website or social media handle for breaches, oversharing, location
            exposure and hidden metadata, gives you a privacy score from 0 to 100 and tells you what to do about each
            finding.
          </Text>
          <Flex mt="10" gap="4" justify="center" direction={{ base: 'column', sm: 'row' }}>
            <Button asChild colorPalette="blue" size="xl">
              <RouterLink to="/login">Protect My Privacy</RouterLink>
            </Button>
            <Button variant="outline" colorPalette="blue" size="xl" bg="bg.panel" onClick={scrollToTryNow}>
              Try Free Scan
            </Button>
          </Flex>
        </Container>
      </Box>

      <Box as="section" aria-labelledby="features-title" py={{ base: '14', md: '20' }}>
        <Container maxW="6xl">
          <Heading as="h2" id="features-title" textAlign="center" size={{ base: '2xl', md: '4xl' }}>
            What Footprint checks
          </Heading>
          <Text textAlign="center" mt="3" color="fg.muted" maxW="2xl" mx="auto">
            Four kinds of exposure, each with the evidence we found and a recommendation you can act on.
          </Text>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="6" mt="10">
            {features.map((feature) => (
              <IconCard key={feature.title} {...feature} />
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Box
        as="section"
        id="try-now"
        tabIndex={-1}
        aria-labelledby="try-now-title"
        py={{ base: '14', md: '20' }}
        bg="bg.subtle"
        scrollMarginTop="16"
        outline="none"
      >
        <Container maxW="3xl">
          <Heading as="h2" id="try-now-title" textAlign="center" size={{ base: '2xl', md: '4xl' }}>
            Try now
          </Heading>
          <Text textAlign="center" mt="3" color="fg.muted">
            A free public scan, no account needed.
          </Text>
          <Box mt="8">
            <Suspense fallback={<Skeleton height="56" rounded="xl" />}>
              <PrivacyAuditWidget buttonLabel="Start Scan" headingAs="h3" inputId={TRY_NOW_INPUT_ID} />
            </Suspense>
          </Box>
        </Container>
      </Box>

      <StatsBand id="stats-title" title="Footprint in numbers" stats={stats} />

      <Box as="section" aria-labelledby="cta-title" py={{ base: '14', md: '20' }}>
        <Container maxW="3xl" textAlign="center">
          <Flex justify="center" color="blue.fg" mb="4">
            <ClockIcon boxSize="10" />
          </Flex>
          <Heading as="h2" id="cta-title" size={{ base: '2xl', md: '4xl' }}>
            Take control of your digital footprint
          </Heading>
          <Text mt="4" color="fg.muted" fontSize="lg">
            Create a free account to keep your scan history, get reports and see what changes over time.
          </Text>
          <Button asChild colorPalette="blue" size="xl" mt="8">
            <RouterLink to="/login">Get Started Now</RouterLink>
          </Button>
        </Container>
      </Box>
    </>
  );
}
