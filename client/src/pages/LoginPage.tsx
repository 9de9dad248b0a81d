import { Button, Checkbox, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { AuthCard, OrDivider } from '../components/AuthCard';
import { GoogleButton } from '../components/GoogleButton';
import { PasswordField } from '../components/PasswordInput';
import { notify } from '../components/toaster';
import { EmailField } from '../components/EmailField';

/** Where to go after signing in: the protected page that sent the visitor here, else /dashboard. */
function destinationAfterSignIn(state: unknown): string {
  const from = state && typeof state === 'object' && 'from' in state ? state.from : undefined;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== '/login' ? from : '/dashboard';
}

export default function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const { logIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || !password) {
      notify.error('Please fill in all fields');
      return;
    }
    setSubmitting(true);
    try {
      await logIn(email.trim(), password, remember);
      notify.success('Login successful!');
      navigate(destinationAfterSignIn(location.state), { replace: true });
    } catch (err) {
      notify.error(`Failed to log in: ${err instanceof Error ? err.message : String(err)}`);
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title="Welcome back" subtitle="Sign in to see your privacy dashboard.">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="4">
          <EmailField value={email} onChange={setEmail} />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
          />
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Checkbox.Root checked={remember} onCheckedChange={(details) => setRemember(details.checked === true)} colorPalette="blue">
              <Checkbox.HiddenInput name="remember" />
              <Checkbox.Control />
              <Checkbox.Label>Remember me</Checkbox.Label>
            </Checkbox.Root>
            <Link asChild variant="underline" color="blue.fg" fontSize="sm">
              <RouterLink to="/forgot-password">Forgot your password?</RouterLink>
            </Link>
          </Flex>
          <Button type="submit" colorPalette="blue" size="lg" w="full" loading={submitting}>
            Sign In
          </Button>
        </Stack>
      </form>
      <OrDivider />
      <GoogleButton
        label="Sign in with Google"
        mode="login"
        rememberMe={remember}
      />
      <Text textAlign="center" color="fg.muted">
        Don’t have an account?{' '}
        <Link asChild variant="underline" color="blue.fg" fontWeight="semibold">
          <RouterLink to="/signup">Sign up</RouterLink>
        </Link>
      </Text>
    </AuthCard>
  );
}
