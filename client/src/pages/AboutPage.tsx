import { Badge, Box, Card, Container, Flex, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { bellShape, bookShape, eyeShape, heartShape, lockShape, searchShape, shieldCheckShape } from '../components/icon-shapes';
import { IconCard, type IconCardContent } from '../components/IconCard';
import { StatsBand } from '../components/StatsBand';
import { PageHero } from '../components/PageHero';

/** Facts about the product, in place of the spec's unmeasured marketing figures (DESIGN.md difference 10). */
const numbers = [
  { value: '2', label: 'Breach sources: Have I Been Pwned and XposedOrNot' },
  { value: '7', label: 'Social platforms with their own privacy rules' },
  { value: '0', label: 'Third-party trackers on our pages' },
  { value: '30', label: "Days a free account's scans are kept, then deleted" },
];

const trustPoints: IconCardContent[] = [
  {
    title: 'No third-party trackers',
    text: 'Our pages load nothing from other companies: no ad networks, no outside analytics. What we measure, we measure ourselves.',
    icon: eyeShape,
  },
  {
    title: 'Evidence for every finding',
    text: 'Each exposure we report comes from a real check and shows where it came from. If a check could not run, we say so instead of guessing.',
    icon: searchShape,
  },
  {
    title: 'Passwords stay private',
    text: 'Passwords are never stored in plain text. Our password check sends only the first five characters of a hash, never the password.',
    icon: lockShape,
  },
  {
    title: 'Your data has an expiry date',
    text: 'Scan results are deleted after 30 days on the free plan and 90 days on paid plans. You can export or delete your data at any time.',
    icon: shieldCheckShape,
  },
];

const values: IconCardContent[] = [
  { title: 'Honesty', text: 'We tell you what we found and what we could not check. No scare tactics, no invented risks.', icon: shieldCheckShape },
  { title: 'Clarity', text: 'Every finding comes with plain-language advice you can act on today.', icon: bookShape },
  { title: 'Respect', text: 'We collect only what a scan needs and keep it no longer than we said we would.', icon: heartShape },
  { title: 'Vigilance', text: 'Privacy is not a one-off: monitors keep watching so you do not have to.', icon: bellShape },
];

/** Fictional founders, shown with initials (no photos). */
const team = [
  {
    name: 'Maya Lindqvist',
    initials: 'ML',
    role: 'Co-founder & CEO',
    bio: 'Spent ten years helping companies answer data-subject requests, and decided people deserved the same view of their own data.',
  },
  {
    name: 'Daniel Okafor',
    initials: 'DO',
    role: 'Co-founder & CTO',
    bio: 'A security engineer who has run incident response for breaches large and small. He builds the checks that power every scan.',
  },
];

const resources = [
  { title: 'Privacy Guides', text: 'Step-by-step guides for locking down popular services and devices.' },
  { title: 'Breach Reports', text: 'Plain-language write-ups of major data breaches and what to do if you were affected.' },
  { title: 'Webinars', text: 'Live sessions where our team answers your privacy questions.' },
];

export default function AboutPage() {
  return (
    <>
      <PageHero
        title="About Footprint"
        lead="We help people see what of them is exposed online, and what to do about it."
      />

      <Box as="section" aria-labelledby="mission-title" pb={{ base: '12', md: '16' }}>
        <Container maxW="3xl">
          <Heading as="h2" id="mission-title" size="2xl">
            Our mission
          </Heading>
          <Stack gap="4" mt="4" color="fg" fontSize="lg">
            <Text>
              Your personal data is scattered across breached databases, public profiles, websites and the photos you
              share. Most people only find out when something goes wrong. Footprint exists to change that: to give
              everyone a clear, honest picture of their digital footprint before someone else uses it.
            </Text>
            <Text>
              We check the sources that matter, show you the evidence behind every finding, and turn it into steps you
              can take today. And we hold ourselves to the standard we ask of others: we keep as little of your data as
              we can, for as short a time as we can.
            </Text>
          </Stack>
        </Container>
      </Box>

      <Box as="section" aria-labelledby="credits-title" pb={{ base: '12', md: '16' }}>
        <Container maxW="3xl">
          <Heading as="h2" id="credits-title" size="xl">
            Credits
          </Heading>
          <Text mt="3" color="fg">
            The username check looks a name up on the sites of{' '}
            <Link href="https://github.com/WebBreacher/WhatsMyName" target="_blank" rel="noopener noreferrer" color="blue.fg" variant="underline">
              WhatsMyName
            </Link>
            , a list kept by Micah Hoffman and its contributors under the{' '}
            <Link href="https://creativecommons.org/licenses/by-sa/4.0/" target="_blank" rel="noopener noreferrer" color="blue.fg" variant="underline">
              CC BY-SA 4.0
            </Link>{' '}
            licence. Footprint&apos;s server downloads it while running; it is not part of Footprint.
          </Text>
        </Container>
      </Box>

      <StatsBand id="numbers-title" title="By the Numbers" stats={numbers} />

      <Box as="section" aria-labelledby="trust-title" py={{ base: '12', md: '16' }}>
        <Container maxW="6xl">
          <Heading as="h2" id="trust-title" textAlign="center" size="2xl">
            Why you can trust us
          </Heading>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="6" mt="8">
            {trustPoints.map((point) => (
              <IconCard key={point.title} {...point} />
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Box as="section" aria-labelledby="values-title" py={{ base: '12', md: '16' }} bg="bg.subtle">
        <Container maxW="6xl">
          <Heading as="h2" id="values-title" textAlign="center" size="2xl">
            Our values
          </Heading>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="6" mt="8">
            {values.map((value) => (
              <IconCard key={value.title} {...value} />
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Box as="section" aria-labelledby="team-title" py={{ base: '12', md: '16' }}>
        <Container maxW="4xl">
          <Heading as="h2" id="team-title" textAlign="center" size="2xl">
            Our team
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="6" mt="8">
            {team.map((member) => (
              <Card.Root key={member.name} variant="outline">
                <Card.Body gap="3" alignItems="center" textAlign="center">
                  <Flex
                    boxSize="20"
                    rounded="full"
                    bg="blue.700"
                    color="white"
                    align="center"
                    justify="center"
                    fontSize="2xl"
                    fontWeight="bold"
                    aria-hidden="true"
                  >
                    {member.initials}
                  </Flex>
                  <Heading as="h3" size="lg">
                    {member.name}
                  </Heading>
                  <Text color="blue.fg" fontWeight="medium">
                    {member.role}
                  </Text>
                  <Text color="fg.muted">{member.bio}</Text>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Box as="section" aria-labelledby="resources-title" py={{ base: '12', md: '16' }} bg="bg.subtle">
        <Container maxW="6xl">
          <Heading as="h2" id="resources-title" textAlign="center" size="2xl">
            Resources
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="6" mt="8">
            {resources.map((resource) => (
              <Card.Root key={resource.title} variant="outline" bg="bg.panel">
                <Card.Body gap="3">
                  <Flex justify="space-between" align="center" gap="2" wrap="wrap">
                    <Heading as="h3" size="lg">
                      {resource.title}
                    </Heading>
                    <Badge colorPalette="orange" variant="subtle">
                      Coming Soon
                    </Badge>
                  </Flex>
                  <Text color="fg.muted">{resource.text}</Text>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        </Container>
      </Box>
    </>
  );
}
