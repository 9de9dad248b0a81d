import { Container, Heading } from '@chakra-ui/react';

export function LandingPage() {
  return (
    <Container py="10">
      <Heading as="h1">Footprint</Heading>
    </Container>
  );
}
