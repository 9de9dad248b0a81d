import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { api, errorMessage } from '../api/client';
import { newPasswordError, PASSWORD_MIN_LENGTH, SIGNUP_MESSAGES } from '../auth/signup-rules';
import { AuthCard } from '../components/AuthCard';
import { PasswordField, SubmitButton } from '../components/form-fields';
import { alertCircleShape, StrokeSvg } from '../components/icon-shapes';
import { notify } from '../components/toaster';

/** The first rule the new password breaks: both fields filled in, then the sign-up rules. */
function resetPasswordError(password: string, confirmPassword: string): string | null {
  if (!password || !confirmPassword) return SIGNUP_MESSAGES.missingFields;
  return newPasswordError(password, confirmPassword);
}

/** The page the emailed reset link opens: /reset-password?token=…, drawn without Chakra's runtime (components/form-fields.tsx). */
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
        notify.succeeded('Your password has been changed. Please sign in.');
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
        <p className="sh-muted-center">
          <RouterLink to="/forgot-password" className="sh-link-strong">
            Request a reset link
          </RouterLink>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" subtitle="Every device signed in to your account will be signed out.">
      {failure && (
        <div className="sh-alert-error" role="alert">
          <StrokeSvg shape={alertCircleShape} className="sh-alert-error-indicator" />
          <div className="sh-alert-content">
            <div className="sh-alert-title">{failure}</div>
            <div className="sh-alert-description">
              <RouterLink to="/forgot-password" className="sh-link">
                Request a new link
              </RouterLink>
            </div>
          </div>
        </div>
      )}
      <form onSubmit={handleSubmit} noValidate>
        <div className="sh-form">
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
          <SubmitButton loading={submitting}>Set new password</SubmitButton>
        </div>
      </form>
    </AuthCard>
  );
}
