import { Alert, Button, Link, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { api, errorMessage } from '../api/client';
import { newPasswordError, PASSWORD_MIN_LENGTH, SIGNUP_MESSAGES } from '../auth/signup-rules';
import { AuthCard } from '../components/AuthCard';
import { PasswordField } from '../components/form-fields';
import { notify } from '../components/toaster';

/** The first rule the new password breaks: both fields filled in, then the sign-up rules. */
function resetPasswordError(password: string, confirmPassword: string): string | null {
  if (!password || !confirmPassword) return SIGNUP_MESSAGES.missingFields;
  return newPasswordError(password, confirmPassword);
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
    const problem = resetPasswordError(password, confirmPassword);
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
          <Link asChild variant="underline" color="blue.fg" fontWeight="semibold">
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
          <PasswordField
            label="New password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            helper={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          />
          <PasswordField
            label="Confirm new password"
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={setConfirmPassword}
          />
          <Button type="submit" colorPalette="blue" size="lg" w="full" loading={submitting}>
            Set new password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
