import { Alert, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { api, errorMessage } from '../api/client';
import { useAuth } from '../auth/auth-context';
import { AuthCard } from '../components/AuthCard';

const INVALID_LINK = 'This verification link is invalid or has expired.';

type Outcome = { status: 'checking' } | { status: 'verified'; email: string } | { status: 'failed'; message: string };

/**
 * The page the link in a monitored address's verification email opens:
 * /monitoring/verify-email?token=…. Public: the address's owner may not be signed in (or may not
 * be the account holder at all).
 */
export default function MonitoredEmailVerifyPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { state } = useAuth();
  const [outcome, setOutcome] = useState<Outcome>(token ? { status: 'checking' } : { status: 'failed', message: INVALID_LINK });
  const sent = useRef(false);

  useEffect(() => {
    // Once only (StrictMode runs effects twice in development; the token is single-use).
    if (!token || sent.current) return;
    sent.current = true;
    api
      .POST('/api/monitoring/verify-email', { body: { token } })
      .then(({ data, error }) =>
        setOutcome(data ? { status: 'verified', email: data.email } : { status: 'failed', message: errorMessage(error, INVALID_LINK) }),
      )
      .catch(() => setOutcome({ status: 'failed', message: 'Network error. Please try again.' }));
  }, [token]);

  const signedIn = state.status === 'signedIn';
  return (
    <AuthCard title="Monitored email verification" subtitle="Confirming that this address may be monitored by Footprint.">
      {outcome.status === 'checking' && (
        <Stack align="center" gap="3" role="status">
          <Spinner color="blue.600" />
          <Text>Verifying the email address…</Text>
        </Stack>
      )}
      {outcome.status === 'verified' && (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title wordBreak="break-all">{outcome.email} is verified and will be monitored.</Alert.Title>
          </Alert.Content>
        </Alert.Root>
      )}
      {outcome.status === 'failed' && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{outcome.message}</Alert.Title>
          </Alert.Content>
        </Alert.Root>
      )}
      {outcome.status !== 'checking' && (
        <Button asChild colorPalette="blue" size="lg" w="full">
          <RouterLink to={signedIn ? '/monitoring' : '/'}>{signedIn ? 'Go to Monitoring' : 'Go to Footprint'}</RouterLink>
        </Button>
      )}
    </AuthCard>
  );
}
