import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { AuthCard, OrDivider } from '../components/AuthCard';
import { GoogleButton } from '../components/GoogleButton';
import { Checkbox, EmailField, PasswordField, SubmitButton } from '../components/form-fields';
import { notify } from '../components/toaster';

/** Where to go after signing in: the protected page that sent the visitor here, else /dashboard. */
function destinationAfterSignIn(state: unknown): string {
  const from = state && typeof state === 'object' && 'from' in state ? state.from : undefined;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== '/login' ? from : '/dashboard';
}

/** Sign in. Drawn without Chakra's runtime, like the landing page (components/form-fields.tsx). */
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
      notify.succeeded('Login successful!');
      navigate(destinationAfterSignIn(location.state), { replace: true });
    } catch (err) {
      notify.error(`Failed to log in: ${err instanceof Error ? err.message : String(err)}`);
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title="Sign in" subtitle="Sign in to see your privacy dashboard.">
      <form onSubmit={handleSubmit} noValidate>
        <div className="sh-form">
          <EmailField value={email} onChange={setEmail} />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
          />
          <div className="sh-form-row">
            <Checkbox name="remember" checked={remember} onChange={setRemember}>
              Remember me
            </Checkbox>
            <RouterLink to="/forgot-password" className="sh-link-sm">
              Forgot your password?
            </RouterLink>
          </div>
          <SubmitButton loading={submitting}>Sign In</SubmitButton>
        </div>
      </form>
      <OrDivider />
      <GoogleButton
        label="Sign in with Google"
        mode="login"
        rememberMe={remember}
      />
      <p className="sh-muted-center">
        Don’t have an account?{' '}
        <RouterLink to="/signup" className="sh-link-strong">
          Sign up
        </RouterLink>
      </p>
    </AuthCard>
  );
}
