import { Alert, Button, Link, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { api, errorMessage } from '../api/client';
import { AuthCard } from '../components/AuthCard';
import { EmailField } from '../components/EmailField';
import { notify } from '../components/toaster';

/** 'Forgot your password?': asks for an emailed reset link. The answer never says whether the account exists. */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim()) {
      notify.error('Please enter your email address');
      return;
    }
    setSubmitting(true);
    try {
      const { error, response } = await api.POST('/api/auth/password-reset/request', { body: { email: email.trim() } });
      if (response.ok) setSent(true);
      else notify.error(errorMessage(error, 'Could not send the link. Please try again.'));
    } catch {
      notify.error('Network error. Please try again.');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title="Reset your password" subtitle="We will email you a link to choose a new password.">
      {sent ? (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Check your inbox</Alert.Title>
            <Alert.Description>
              If an account exists for that address, we have sent a link to reset the password. The link works once,
              for one hour.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="4">
            <EmailField value={email} onChange={setEmail} />
            <Button type="submit" colorPalette="blue" size="lg" w="full" loading={submitting}>
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
      <Text textAlign="center" color="fg.muted">
        Remembered it?{' '}
        <Link asChild variant="underline" color="blue.fg" fontWeight="semibold">
          <RouterLink to="/login">Back to sign in</RouterLink>
        </Link>
      </Text>
    </AuthCard>
  );
}
