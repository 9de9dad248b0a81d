import { Alert, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { api, errorMessage } from '../api/client';
import { useAuth } from '../auth/auth-context';
import { AuthCard } from '../components/AuthCard';

type Outcome = { status: 'checking' } | { status: 'verified' } | { status: 'failed'; message: string };

/** The page the emailed verification link opens: /verify-email?token=… */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { state, refreshProfile } = useAuth();
  const [outcome, setOutcome] = useState<Outcome>(
    token ? { status: 'checking' } : { status: 'failed', message: 'This verification link is invalid or has expired.' },
  );
  const sent = useRef(false);

  useEffect(() => {
    // Once only (StrictMode runs effects twice in development; the token is single-use).
    if (!token || sent.current) return;
    sent.current = true;
    api
      .POST('/api/auth/verify-email', { body: { token } })
      .then(({ error, response }) => {
        if (response.ok) {
          setOutcome({ status: 'verified' });
          void refreshProfile();
        } else {
          setOutcome({ status: 'failed', message: errorMessage(error, 'This verification link is invalid or has expired.') });
        }
      })
      .catch(() => setOutcome({ status: 'failed', message: 'Network error. Please try again.' }));
  }, [token, refreshProfile]);

  const signedIn = state.status === 'signedIn';
  return (
    <AuthCard title="Email verification" subtitle="Confirming the address of your Footprint account.">
      {outcome.status === 'checking' && (
        <Stack align="center" gap="3" role="status">
          <Spinner color="blue.600" />
          <Text>Verifying your email address…</Text>
        </Stack>
      )}
      {outcome.status === 'verified' && (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Your email address is verified.</Alert.Title>
          </Alert.Content>
        </Alert.Root>
      )}
      {outcome.status === 'failed' && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{outcome.message}</Alert.Title>
            <Alert.Description>You can ask for a new link on your account page.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {outcome.status !== 'checking' && (
        <Button asChild colorPalette="blue" size="lg" w="full">
          <RouterLink to={signedIn ? '/dashboard' : '/login'}>{signedIn ? 'Go to Dashboard' : 'Go to Login'}</RouterLink>
        </Button>
      )}
    </AuthCard>
  );
}
