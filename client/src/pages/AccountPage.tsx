import { Badge, Box, Button, Card, Container, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { api, errorMessage } from '../api/client';
import { emailLocalPart, type PlanTier, useAuth } from '../auth/auth-context';
import { AccountDataSection } from '../components/account/AccountDataSection';
import { ApiTokensSection } from '../components/account/ApiTokensSection';
import { notify } from '../components/toaster';

const planNames: Record<PlanTier, string> = { free: 'Free', plus: 'Plus', pro: 'Pro', business: 'Business' };

function EmailVerification({ verified }: { verified: boolean }) {
  const [sending, setSending] = useState(false);

  async function resend() {
    setSending(true);
    try {
      const { response, error } = await api.POST('/api/auth/verify-email/resend');
      if (response.ok) notify.success('Verification email sent. Please check your inbox.');
      else notify.error(`Failed to send the verification email: ${errorMessage(error, 'Please try again.')}`);
    } catch {
      notify.error('Failed to send the verification email: Network error');
    } finally {
      setSending(false);
    }
  }

  return (
    <Flex align="center" gap="3" wrap="wrap">
      <Text fontWeight="medium">Email verification:</Text>
      <Badge colorPalette={verified ? 'green' : 'orange'} variant="subtle">
        {verified ? 'Verified' : 'Not verified'}
      </Badge>
      {!verified && (
        <Button size="sm" variant="outline" onClick={() => void resend()} loading={sending}>
          Resend verification email
        </Button>
      )}
    </Flex>
  );
}

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
          <EmailVerification verified={user.emailVerified} />
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
      <ApiTokensSection />
      <AccountDataSection />
    </Container>
  );
}
