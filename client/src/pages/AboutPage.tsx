import { Container, Heading } from '@chakra-ui/react';

export default function AboutPage() {
  return (
    <Container py="10">
      <Heading as="h1">About</Heading>
    </Container>
  );
}
