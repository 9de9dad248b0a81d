import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { api, errorMessage } from '../api/client';
import { AuthCard } from '../components/AuthCard';
import { EmailField, SubmitButton } from '../components/form-fields';
import { checkCircleShape, StrokeSvg } from '../components/icon-shapes';
import { notify } from '../components/toaster';
import { useSiteInfo } from '../site/use-site-info';

/**
 * 'Forgot your password?': asks for an emailed reset link. The answer never says whether the account
 * exists, and on a server that sends no email it says no link was sent and whom to ask (the server's
 * own sentence). Drawn without Chakra's runtime (components/form-fields.tsx).
 */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [answer, setAnswer] = useState<{ emailSent: boolean; message: string }>();
  const site = useSiteInfo();
  const noMail = (site.status === 'ready' && !site.data.sendsEmail) || answer?.emailSent === false;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!email.trim()) {
      notify.error('Please enter your email address');
      return;
    }
    setSubmitting(true);
    try {
      const { data, error } = await api.POST('/api/auth/password-reset/request', { body: { email: email.trim() } });
      if (data) setAnswer({ emailSent: data.emailSent, message: data.message });
      else notify.error(errorMessage(error, 'Could not send the link. Please try again.'));
    } catch {
      notify.error('Network error. Please try again.');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="Reset your password"
      subtitle={noMail ? 'This server does not send email yet: the person who runs it can make you a reset link.' : 'We will email you a link to choose a new password.'}
    >
      {answer && !answer.emailSent ? (
        <div className="sh-alert-info" role="status">
          <div className="sh-alert-content">
            <div className="sh-alert-title">No email was sent</div>
            <div className="sh-alert-description">{answer.message}</div>
          </div>
        </div>
      ) : answer ? (
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
