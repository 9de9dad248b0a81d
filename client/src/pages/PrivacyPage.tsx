import { Container, Heading } from '@chakra-ui/react';

export default function PrivacyPage() {
  return (
    <Container py="10">
      <Heading as="h1">Privacy</Heading>
    </Container>
  );
}
