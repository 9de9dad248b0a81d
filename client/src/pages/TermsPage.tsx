import { Container, Heading } from '@chakra-ui/react';

export default function TermsPage() {
  return (
    <Container py="10">
      <Heading as="h1">Terms</Heading>
    </Container>
  );
}
