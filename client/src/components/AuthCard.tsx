import { Box, Card, Container, Flex, Heading, HStack, Separator, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FootprintIcon } from './icons';

/** The centred card that holds the sign-in and sign-up forms. */
export function AuthCard({ title, subtitle, children, maxW = 'md' }: { title: string; subtitle: string; children: ReactNode; maxW?: string }) {
  return (
    <Box mt="-16" pt={{ base: '20', md: '28' }} pb={{ base: '12', md: '16' }} bgGradient="to-b" gradientFrom="bg.hero" gradientTo="bg" minH="full">
      <Container maxW={maxW} px={{ base: '3', sm: '4' }}>
        <Card.Root variant="elevated">
          <Card.Body gap="6" p={{ base: '5', sm: '8' }}>
            <Flex direction="column" align="center" textAlign="center" gap="2">
              <Flex boxSize="12" rounded="full" bg="blue.subtle" color="blue.fg" align="center" justify="center">
                <FootprintIcon boxSize="6" />
              </Flex>
              <Heading as="h1" size="2xl">
                {title}
              </Heading>
              <Text color="fg.muted">{subtitle}</Text>
            </Flex>
            {children}
          </Card.Body>
        </Card.Root>
      </Container>
    </Box>
  );
}

/** The "or" divider between the form and the Google button. */
export function OrDivider() {
  return (
    <HStack gap="3" aria-hidden="true">
      <Separator flex="1" />
      <Text fontSize="sm" color="fg.muted">
        or
      </Text>
      <Separator flex="1" />
    </HStack>
  );
}
