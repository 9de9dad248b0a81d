import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { api, errorMessage } from '../api/client';
import { AuthCard } from '../components/AuthCard';
import { EmailField, SubmitButton } from '../components/form-fields';
import { checkCircleShape, StrokeSvg } from '../components/icon-shapes';
import { notify } from '../components/toaster';

/**
 * 'Forgot your password?': asks for an emailed reset link. The answer never says whether the account
 * exists. Drawn without Chakra's runtime (components/form-fields.tsx).
 */
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
        <div className="sh-alert-success" role="status">
          <StrokeSvg shape={checkCircleShape} className="sh-alert-indicator" />
          <div className="sh-alert-content">
            <div className="sh-alert-title">Check your inbox</div>
            <div className="sh-alert-description">
              If an account exists for that address, we have sent a link to reset the password. The link works once,
              for one hour.
            </div>
          </div>
        </div>
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <div className="sh-form">
            <EmailField value={email} onChange={setEmail} />
            <SubmitButton loading={submitting}>Send reset link</SubmitButton>
          </div>
        </form>
      )}
      <p className="sh-muted-center">
        Remembered it?{' '}
        <RouterLink to="/login" className="sh-link-strong">
          Back to sign in
        </RouterLink>
      </p>
    </AuthCard>
  );
}
