import { Badge, Box, Button, Card, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { components } from '../../../openapi/schema';
import { api, errorMessage } from '../api/client';
import { type AuthUser, type PlanTier, useAuth } from '../auth/auth-context';
import { AccountDataSection } from '../components/account/AccountDataSection';
import { ApiTokensSection } from '../components/account/ApiTokensSection';
import { ProfileSection } from '../components/account/ProfileSection';
import { useQuery } from '../hooks/use-query';
import { notify } from '../components/toaster';
import { formatDate } from '../format';
import { useSiteInfo } from '../site/use-site-info';

const planNames: Record<PlanTier, string> = { free: 'Free', plus: 'Plus', pro: 'Pro', business: 'Business' };

type ScanUsage = components['schemas']['ScanUsageDto'];

/**
 * The address's state, and a way to verify it: a new emailed link, or, on a server that sends no
 * email (GET /api/site), who can make the link instead: never a claim that an email was sent.
 */
function EmailVerification({ verified }: { verified: boolean }) {
  const [sending, setSending] = useState(false);
  const site = useSiteInfo();
  const noMail = site.status === 'ready' && !site.data.sendsEmail;

  async function resend() {
    setSending(true);
    try {
      const { data, error } = await api.POST('/api/auth/verify-email/resend');
      if (data?.emailSent) notify.success(data.message);
      else if (data) notify.info(data.message);
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
      {!verified && !noMail && (
        <Button size="sm" variant="outline" onClick={() => void resend()} loading={sending} disabled={site.status === 'loading'}>
          Resend verification email
        </Button>
      )}
      {!verified && noMail && (
        <Text fontSize="sm" color="fg.muted" data-testid="no-mail-verification">
          This server does not send email yet, so it cannot email you a verification link. The person who runs it can make
          one for you: write to {site.data.contactEmail}.
        </Text>
      )}
    </Flex>
  );
}


const loadScanUsage = async () => (await api.GET('/api/scans/usage')).data;

/** "N / limit" monthly scans of the plan that applies now (GET /api/scans/usage), again when the plan changes. */
function useScanUsage(tier: PlanTier): ScanUsage | 'loading' | 'error' {
  const [usage] = useQuery(`scan-usage:${tier}`, loadScanUsage);
  return usage.status === 'ready' ? usage.data : usage.status;
}

/**
 * The plan box (spec: plan, status, monthly usage), with the real plan: a paid plan is Active until
 * its end date; once it has ended the account is on Free again and the box says Expired.
 */
function PlanBox({ plan }: { plan: AuthUser['plan'] }) {
  const usage = useScanUsage(plan.tier);
  const expired = plan.tier === 'free' && plan.expiresAt !== null;
  return (
    <Card.Root variant="outline" mt="6" data-testid="plan-box">
      <Card.Body gap="3">
        <Heading as="h2" size="lg">
          Plan
        </Heading>
        <Flex align="center" gap="3" wrap="wrap">
          <Text fontSize="xl" fontWeight="bold">
            {planNames[plan.tier]} Plan
          </Text>
          <Badge colorPalette={expired ? 'orange' : 'green'} variant="subtle">
            {expired ? 'Expired' : 'Active'}
          </Badge>
        </Flex>
        {plan.expiresAt && (
          <Text color="fg.muted">
            {expired ? 'Your paid plan ended on ' : 'Paid until '}
            <time dateTime={plan.expiresAt}>{formatDate(plan.expiresAt)}</time>
            {expired ? '.' : '. Pay again on the pricing page to add 30 days.'}
          </Text>
        )}
        <Text color="fg">
          Monthly scans:{' '}
          <Text as="span" fontWeight="semibold" data-testid="scan-usage">
            {typeof usage === 'object' ? `${usage.used} / ${usage.limit}` : usage === 'loading' ? '…' : 'unavailable'}
          </Text>
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

export default function AccountPage() {
  const { state, refreshProfile } = useAuth();
  // The plan may have changed since sign-in (a payment, or its end).
  useEffect(() => {
    void refreshProfile();
  }, [refreshProfile]);

  if (state.status !== 'signedIn') {
    return (
      <Container maxW="xl" py="16" textAlign="center">
        <Heading as="h1" size="2xl">
          Not Logged In
        </Heading>
        <Text mt="3" color="fg.muted">
          Sign in to see your account.
        </Text>
        <Button asChild colorPalette="blue" mt="6">
          <RouterLink to="/login">Go to Login</RouterLink>
        </Button>
      </Container>
    );
  }

  const { user } = state;

  return (
    <Container maxW="3xl" py="10">
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        Account
      </Heading>
      <ProfileSection user={user} emailVerification={<EmailVerification verified={user.emailVerified} />} />
      <PlanBox plan={user.plan} />
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
