import { Container, Heading, Text } from '@chakra-ui/react';

export default function MonitoringPage() {
  return (
    <Container maxW="6xl" py="10">
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        Privacy Monitoring
      </Heading>
      <Text mt="4" color="gray.700">
        Monitors are not available on this server yet. When they are, you can have your email addresses and handles
        re-checked every week or month.
      </Text>
    </Container>
  );
}
