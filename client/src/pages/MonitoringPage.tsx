import { Container, Heading } from '@chakra-ui/react';

export default function MonitoringPage() {
  return (
    <Container py="10">
      <Heading as="h1">Monitoring</Heading>
    </Container>
  );
}
