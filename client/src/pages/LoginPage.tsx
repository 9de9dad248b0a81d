import { Container, Heading } from '@chakra-ui/react';

export default function LoginPage() {
  return (
    <Container py="10">
      <Heading as="h1">Login</Heading>
    </Container>
  );
}
