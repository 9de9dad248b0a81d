import { Container, Heading } from '@chakra-ui/react';

export default function EducationPage() {
  return (
    <Container py="10">
      <Heading as="h1">Education</Heading>
    </Container>
  );
}
