import { Container, Heading, Text } from '@chakra-ui/react';

export default function ReportPage() {
  return (
    <Container maxW="6xl" py="10">
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        Privacy Report
      </Heading>
      <Text mt="4" color="gray.700">
        Your report, with its PDF and CSV downloads, will appear here once scanning is available on this server.
      </Text>
    </Container>
  );
}
