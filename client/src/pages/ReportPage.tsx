import { Container, Heading } from '@chakra-ui/react';

export default function ReportPage() {
  return (
    <Container py="10">
      <Heading as="h1">Report</Heading>
    </Container>
  );
}
