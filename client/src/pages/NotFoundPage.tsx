import { Button, Container, Heading, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

export default function NotFoundPage() {
  return (
    <Container maxW="2xl" py={{ base: '16', md: '24' }} textAlign="center">
      <Text fontSize="6xl" fontWeight="bold" color="blue.fg" aria-hidden="true">
        404
      </Text>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        Page not found
      </Heading>
      <Text mt="4" color="fg.muted">
        The page you are looking for does not exist or has moved.
      </Text>
      <Button asChild colorPalette="blue" mt="8">
        <RouterLink to="/">Go to the home page</RouterLink>
      </Button>
    </Container>
  );
}
