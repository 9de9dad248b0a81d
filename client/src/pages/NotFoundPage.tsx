import { Container, Heading } from '@chakra-ui/react';

export default function NotFoundPage() {
  return (
    <Container py="10">
      <Heading as="h1">NotFound</Heading>
    </Container>
  );
}
