import { Alert, Button, Field, Link, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { api, errorMessage } from '../api/client';
import { AuthCard } from '../components/AuthCard';
import { PasswordInput } from '../components/PasswordInput';
import { notify } from '../components/toaster';

const MIN_LENGTH = 6;

/** The first rule a new password breaks (the sign-up rules: match, then length), or undefined. */
function newPasswordError(password: string, confirmPassword: string): string | undefined {
  if (!password || !confirmPassword) return 'Please fill in all fields';
  if (password !== confirmPassword) return 'Passwords do not match';
  if (password.length < MIN_LENGTH) return `Password must be at least ${MIN_LENGTH} characters`;
  return undefined;
}

/** The page the emailed reset link opens: /reset-password?token=… */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string>();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = newPasswordError(password, confirmPassword);
    if (problem) {
      notify.error(problem);
      return;
    }
    setSubmitting(true);
    try {
      const { error, response } = await api.POST('/api/auth/password-reset/confirm', { body: { token, password } });
      if (response.ok) {
        notify.success('Your password has been changed. Please sign in.');
        navigate('/login', { replace: true });
        return;
      }
      setFailure(errorMessage(error, 'Could not change the password. Please try again.'));
    } catch {
      notify.error('Network error. Please try again.');
    }
    setSubmitting(false);
  }

  if (!token) {
    return (
      <AuthCard title="Choose a new password" subtitle="This page opens from the link in a password reset email.">
        <Text textAlign="center">
          <Link asChild variant="underline" color="blue.700" fontWeight="semibold">
            <RouterLink to="/forgot-password">Request a reset link</RouterLink>
          </Link>
        </Text>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" subtitle="Every device signed in to your account will be signed out.">
      {failure && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{failure}</Alert.Title>
            <Alert.Description>
              <Link asChild variant="underline">
                <RouterLink to="/forgot-password">Request a new link</RouterLink>
              </Link>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="4">
          <Field.Root>
            <Field.Label>New password</Field.Label>
            <PasswordInput
              name="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Field.HelperText color="gray.700">At least {MIN_LENGTH} characters.</Field.HelperText>
          </Field.Root>
          <Field.Root>
            <Field.Label>Confirm new password</Field.Label>
            <PasswordInput
              name="confirmPassword"
              autoComplete="new-password"
              value={confirmPassword}
              onChange={(e) => setConfirmPassword(e.target.value)}
            />
          </Field.Root>
          <Button type="submit" colorPalette="blue" size="lg" w="full" loading={submitting}>
            Set new password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
