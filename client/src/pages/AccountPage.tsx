import { Badge, Box, Button, Card, Container, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { emailLocalPart, type PlanTier, useAuth } from '../auth/auth-context';

const planNames: Record<PlanTier, string> = { free: 'Free', plus: 'Plus', pro: 'Pro', business: 'Business' };

export default function AccountPage() {
  const { state } = useAuth();

  if (state.status !== 'signedIn') {
    return (
      <Container maxW="xl" py="16" textAlign="center">
        <Heading as="h1" size="2xl">
          Not Logged In
        </Heading>
        <Text mt="3" color="gray.700">
          Sign in to see your account.
        </Text>
        <Button asChild colorPalette="blue" mt="6">
          <RouterLink to="/login">Go to Login</RouterLink>
        </Button>
      </Container>
    );
  }

  const { user } = state;
  const displayName = user.displayName || emailLocalPart(user.email);

  return (
    <Container maxW="3xl" py="10">
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        Account
      </Heading>
      <Card.Root variant="outline" mt="6">
        <Card.Body gap="4">
          <Heading as="h2" size="lg">
            Profile
          </Heading>
          <Field.Root readOnly>
            <Field.Label>Email</Field.Label>
            <Input value={user.email} readOnly />
          </Field.Root>
          <Field.Root readOnly>
            <Field.Label>Display name</Field.Label>
            <Input value={displayName} readOnly />
          </Field.Root>
          <Field.Root readOnly>
            <Field.Label>User ID</Field.Label>
            <Input value={user.id} readOnly fontFamily="mono" fontSize="sm" />
          </Field.Root>
        </Card.Body>
      </Card.Root>
      <Card.Root variant="outline" mt="6">
        <Card.Body gap="3">
          <Heading as="h2" size="lg">
            Plan
          </Heading>
          <Flex align="center" gap="3" wrap="wrap">
            <Text fontSize="xl" fontWeight="bold">
              {planNames[user.plan.tier]} Plan
            </Text>
            <Badge colorPalette="green" variant="subtle">
              Active
            </Badge>
          </Flex>
          <Text color="gray.700">Your usage will appear here once scanning is available on this server.</Text>
        </Card.Body>
      </Card.Root>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" mt="6">
        <Button asChild colorPalette="blue">
          <RouterLink to="/features">Upgrade Plan</RouterLink>
        </Button>
        <Box>
          <Button asChild variant="outline" w={{ base: 'full', sm: 'auto' }}>
            <RouterLink to="/dashboard">Back to Dashboard</RouterLink>
          </Button>
        </Box>
      </Stack>
    </Container>
  );
}
