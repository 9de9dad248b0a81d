import { Button, Checkbox, Field, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { AuthCard, OrDivider } from '../components/AuthCard';
import { GoogleButton } from '../components/GoogleButton';
import { PasswordInput } from '../components/PasswordInput';
import { notify } from '../components/toaster';
import { EmailField } from '../components/EmailField';

/** Accounts arrive in a later issue: until then sign-in says plainly that it is not available. */
const ACCOUNTS_UNAVAILABLE = 'Accounts are not available on this server yet.';
const GOOGLE_UNAVAILABLE = 'Google sign-in is not configured on this server.';

export default function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim() || !password) {
      notify.error('Please fill in all fields');
      return;
    }
    notify.error(`Failed to log in: ${ACCOUNTS_UNAVAILABLE}`);
  }

  return (
    <AuthCard title="Welcome back" subtitle="Sign in to see your privacy dashboard.">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="4">
          <EmailField value={email} onChange={setEmail} />
          <Field.Root>
            <Field.Label>Password</Field.Label>
            <PasswordInput
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </Field.Root>
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Checkbox.Root checked={remember} onCheckedChange={(details) => setRemember(details.checked === true)} colorPalette="blue">
              <Checkbox.HiddenInput name="remember" />
              <Checkbox.Control />
              <Checkbox.Label>Remember me</Checkbox.Label>
            </Checkbox.Root>
            <Link asChild variant="underline" color="blue.700" fontSize="sm">
              <RouterLink to="/reset-password">Forgot your password?</RouterLink>
            </Link>
          </Flex>
          <Button type="submit" colorPalette="blue" size="lg" w="full">
            Sign In
          </Button>
        </Stack>
      </form>
      <OrDivider />
      <GoogleButton
        label="Sign in with Google"
        onClick={() => notify.error(`Failed to log in with Google: ${GOOGLE_UNAVAILABLE}`)}
      />
      <Text textAlign="center" color="gray.700">
        Don’t have an account?{' '}
        <Link asChild variant="underline" color="blue.700" fontWeight="semibold">
          <RouterLink to="/signup">Sign up</RouterLink>
        </Link>
      </Text>
    </AuthCard>
  );
}
