import { Container, Heading } from '@chakra-ui/react';

export default function PricingPage() {
  return (
    <Container py="10">
      <Heading as="h1">Pricing</Heading>
    </Container>
  );
}
