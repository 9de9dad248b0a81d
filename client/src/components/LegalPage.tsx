import { Box, Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useSiteInfo } from '../hooks/use-api-data';
import { PageHero } from './PageHero';

/** The privacy contact address from GET /api/site, as a mailto link (plain text while it loads). */
export function ContactEmail() {
  const site = useSiteInfo();
  if (site.status === 'ready') {
    return (
      <Link variant="underline" color="blue.fg" href={`mailto:${site.data.contactEmail}`}>
        {site.data.contactEmail}
      </Link>
    );
  }
  if (site.status === 'loading') return <Text as="span">our contact address (loading…)</Text>;
  return <Text as="span">the contact address given on our website</Text>;
}

export interface LegalSection {
  title: string;
  body: ReactNode;
}

/** A static legal page: one h1, a date, and numbered h2 sections. */
export function LegalPage({ title, updated, intro, sections }: { title: string; updated: string; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <>
      <PageHero title={title} lead={`Last updated: ${updated}`} />
      <Container maxW="3xl" pb={{ base: '12', md: '16' }}>
        <Stack gap="8" color="fg" lineHeight="tall">
          <Box>{intro}</Box>
          {sections.map((section, index) => (
            <Box as="section" key={section.title} aria-labelledby={`legal-${index + 1}`}>
              <Heading as="h2" id={`legal-${index + 1}`} size="xl" mb="3" color="fg">
                {index + 1}. {section.title}
              </Heading>
              <Stack gap="3">{section.body}</Stack>
            </Box>
          ))}
        </Stack>
      </Container>
    </>
  );
}
