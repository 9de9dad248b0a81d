import { Container, Heading } from '@chakra-ui/react';

export default function DashboardPage() {
  return (
    <Container py="10">
      <Heading as="h1">Dashboard</Heading>
    </Container>
  );
}
