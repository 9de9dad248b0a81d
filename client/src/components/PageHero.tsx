import { Box, Container, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The top band of a content page: its one h1 and a short lead, on a tint that runs behind the header. */
export function PageHero({ title, lead, children }: { title: ReactNode; lead?: ReactNode; children?: ReactNode }) {
  return (
    <Box as="section" aria-labelledby="page-title" mt="-16" pt={{ base: '24', md: '32' }} pb={{ base: '10', md: '14' }} bgGradient="to-b" gradientFrom="bg.hero" gradientTo="bg">
      <Container maxW="4xl" textAlign="center">
        <Heading as="h1" id="page-title" size={{ base: '3xl', md: '5xl' }} letterSpacing="tight" color="fg">
          {title}
        </Heading>
        {lead && (
          <Text mt="5" fontSize={{ base: 'md', md: 'lg' }} color="fg.muted" maxW="2xl" mx="auto">
            {lead}
          </Text>
        )}
        {children}
      </Container>
    </Box>
  );
}
