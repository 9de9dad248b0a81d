import { Badge, Box, Card, Container, Heading, Link, List, SimpleGrid, Tabs, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { BookIcon } from '../components/icons';
import { PageHero } from '../components/PageHero';
import { PasswordExposureCheck } from '../scans/PasswordExposureCheck';
import { additionalResources, educationTopics, type Tip, type TipLevel } from '../content/education';

const levelPalette: Record<TipLevel, string> = { beginner: 'green', intermediate: 'orange', advanced: 'purple' };

function TipCard({ tip }: { tip: Tip }) {
  return (
    <Card.Root variant="outline" bg="bg.panel">
      <Card.Body gap="3">
        <Badge colorPalette={levelPalette[tip.level]} variant="subtle" alignSelf="flex-start" textTransform="capitalize">
          {tip.level}
        </Badge>
        <Heading as="h3" size="lg">
          {tip.title}
        </Heading>
        <Text color="fg.muted">{tip.body}</Text>
        <List.Root as="ol" ps="5" gap="1.5" color="fg">
          {tip.steps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List.Root>
      </Card.Body>
    </Card.Root>
  );
}

export default function EducationPage() {
  return (
    <>
      <PageHero
        title="Privacy Education Center"
        lead="Practical tips to shrink your digital footprint, from the first steps to advanced habits."
      />
      <Box as="section" aria-label="Tips" pb={{ base: '12', md: '16' }}>
        <Container maxW="6xl">
          <Tabs.Root defaultValue={educationTopics[0].id} variant="enclosed">
            <Tabs.List flexWrap="wrap" h="auto">
              {educationTopics.map((topic) => (
                <Tabs.Trigger key={topic.id} value={topic.id}>
                  {topic.title}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {educationTopics.map((topic) => (
              <Tabs.Content key={topic.id} value={topic.id} pt="6">
                <Heading as="h2" size="2xl">
                  {topic.title}
                </Heading>
                <Text mt="2" color="fg.muted">
                  {topic.summary}
                </Text>
                <SimpleGrid columns={{ base: 1, md: 3 }} gap="6" mt="6">
                  {topic.tips.map((tip) => (
                    <TipCard key={tip.title} tip={tip} />
                  ))}
                </SimpleGrid>
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </Container>
      </Box>

      {/* Fits the Security Best Practices tips: check a password before (re)using it. */}
      <Box pb={{ base: '12', md: '16' }}>
        <Container maxW="3xl">
          <PasswordExposureCheck headingAs="h2" />
        </Container>
      </Box>

      <Box as="section" aria-labelledby="resources-title" py={{ base: '12', md: '16' }} bg="bg.subtle">
        <Container maxW="6xl">
          <Heading as="h2" id="resources-title" size="2xl" display="flex" alignItems="center" gap="2">
            <BookIcon color="blue.fg" />
            Additional Resources
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="6" mt="6">
            {additionalResources.map((resource) => (
              <Box key={resource.title} bg="bg.panel" borderWidth="1px" rounded="lg" p="5">
                <Heading as="h3" size="md">
                  {resource.title}
                </Heading>
                <Text mt="2" color="fg.muted">
                  {resource.text}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
          <Text mt="8" color="fg">
            See how Footprint handles your own data in our{' '}
            <Link asChild variant="underline" color="blue.fg">
              <RouterLink to="/privacy">Privacy Policy</RouterLink>
            </Link>
            , or compare what each plan includes on the{' '}
            <Link asChild variant="underline" color="blue.fg">
              <RouterLink to="/features">features page</RouterLink>
            </Link>
            .
          </Text>
        </Container>
      </Box>
    </>
  );
}
