import { Container, Heading } from '@chakra-ui/react';

export default function FeaturesPage() {
  return (
    <Container py="10">
      <Heading as="h1">Features</Heading>
    </Container>
  );
}
