import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { passwordChecklist, signupError } from '../auth/signup-rules';
import { AuthCard, OrDivider } from '../components/AuthCard';
import { GoogleButton } from '../components/GoogleButton';
import { Checkbox, EmailField, PasswordField, SubmitButton, TextField } from '../components/form-fields';
import { checkCircleShape, circleShape, StrokeSvg } from '../components/icon-shapes';
import { notify } from '../components/toaster';

function ChecklistItem({ met, label }: { met: boolean; label: string }) {
  return (
    <li className="sh-checklist-item" data-met={met || undefined}>
      <StrokeSvg shape={met ? checkCircleShape : circleShape} className="sh-icon-4" />
      <span>{label}</span>
      <span className="sh-visually-hidden">{met ? '(met)' : '(not met yet)'}</span>
    </li>
  );
}

/** Sign up. Drawn without Chakra's runtime, like the landing page (components/form-fields.tsx). */
export default function SignupPage() {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [acceptedTerms, setAcceptedTerms] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const { signUp } = useAuth();
  const navigate = useNavigate();

  const checklist = passwordChecklist(password, confirmPassword);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const error = signupError({ firstName, lastName, email, password, confirmPassword, acceptedTerms });
    if (error) {
      notify.error(error);
      return;
    }
    setSubmitting(true);
    try {
      // The first name becomes the display name (the welcome uses it); the last name stays in the form.
      await signUp(email.trim(), password, firstName.trim());
      notify.succeeded('Account created successfully!');
      navigate('/dashboard', { replace: true });
    } catch (err) {
      notify.error(`Failed to create account: ${err instanceof Error ? err.message : String(err)}`);
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title="Create your account" subtitle="Start protecting your privacy for free." wide>
      <form onSubmit={handleSubmit} noValidate>
        <div className="sh-form">
          <div className="sh-name-grid">
            <TextField label="First name" name="firstName" autoComplete="given-name" value={firstName} onChange={setFirstName} />
            <TextField label="Last name" name="lastName" autoComplete="family-name" value={lastName} onChange={setLastName} />
          </div>
          <EmailField value={email} onChange={setEmail} />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            describedBy="password-requirements"
          />
          <PasswordField
            label="Confirm password"
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={setConfirmPassword}
          />

          <div id="password-requirements" className="sh-requirements">
            <p className="sh-requirements-title">Password requirements</p>
            <ul className="sh-checklist">
              <ChecklistItem met={checklist.minLength} label="At least 6 characters" />
              <ChecklistItem met={checklist.letterAndDigit} label="Contains a letter and a digit" />
              <ChecklistItem met={checklist.matches} label="Passwords match" />
            </ul>
          </div>

          <Checkbox name="acceptedTerms" checked={acceptedTerms} onChange={setAcceptedTerms} alignTop>
            I agree to the{' '}
            <RouterLink to="/terms" className="sh-link">
              Terms of Service
            </RouterLink>{' '}
            and{' '}
            <RouterLink to="/privacy" className="sh-link">
              Privacy Policy
            </RouterLink>
          </Checkbox>

          <SubmitButton loading={submitting} disabled={!acceptedTerms}>
            Create Account
          </SubmitButton>
        </div>
      </form>
      <OrDivider />
      <GoogleButton
        label="Sign up with Google"
        mode="signup"
      />
      <p className="sh-muted-center">
        Already have an account?{' '}
        <RouterLink to="/login" className="sh-link-strong">
          Sign in
        </RouterLink>
      </p>
    </AuthCard>
  );
}
