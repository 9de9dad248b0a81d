import { Container, Heading } from '@chakra-ui/react';

export default function SignupPage() {
  return (
    <Container py="10">
      <Heading as="h1">Signup</Heading>
    </Container>
  );
}
