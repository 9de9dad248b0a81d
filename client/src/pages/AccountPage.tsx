import { Container, Heading } from '@chakra-ui/react';

export default function AccountPage() {
  return (
    <Container py="10">
      <Heading as="h1">Account</Heading>
    </Container>
  );
}
