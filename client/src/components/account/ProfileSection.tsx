import { type FormEvent, type ReactNode, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import { type AuthUser, useAuth } from '../../auth/auth-context';
import { EmailField, PasswordField, SubmitButton, TextField } from '../form-fields';
import { notify } from '../toaster';

/** The rules the server applies (server/src/auth/auth.dto.ts), checked here first for a quick answer. */
const MIN_PASSWORD_LENGTH = 6;
const MAX_NAME_LENGTH = 100;

/** A form that sends once at a time, says what went wrong under it, and calls `send` to do the work. */
function useSubmit(send: () => Promise<string | undefined>): { busy: boolean; error?: string; submit: (event: FormEvent<HTMLFormElement>) => void } {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(undefined);
    send()
      .then(setError, () => setError('Network error. Please try again.'))
      .finally(() => setBusy(false));
  }
  return { busy, error, submit };
}

function FormError({ error }: { error?: string }) {
  return error ? (
    <p className="sh-account-form-error" role="alert">
      {error}
    </p>
  ) : null;
}

function SubSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="sh-account-subsection">
      <h3 className="sh-account-subsection-title">{title}</h3>
      {children}
    </div>
  );
}

function NameForm({ user }: { user: AuthUser }) {
  const { refreshProfile } = useAuth();
  const [name, setName] = useState(user.displayName ?? '');
  const { busy, error, submit } = useSubmit(async () => {
    if (name.trim().length > MAX_NAME_LENGTH) return `Name must be at most ${MAX_NAME_LENGTH} characters`;
    const { data, error: failure } = await api.PATCH('/api/auth/profile', { body: { displayName: name.trim() || null } });
    if (!data) return errorMessage(failure, 'Could not save your name. Please try again.');
    await refreshProfile();
    notify.success('Your name was saved.');
    return undefined;
  });
  return (
    <form onSubmit={submit} aria-label="Change your name" noValidate>
      <div className="sh-account-form">
        <TextField label="Display name" name="displayName" autoComplete="given-name" value={name} onChange={setName} placeholder="Your first name" />
        <FormError error={error} />
        <div>
          <SubmitButton loading={busy}>Save name</SubmitButton>
        </div>
      </div>
    </form>
  );
}

function PasswordForm() {
  const { completeSignIn } = useAuth();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const { busy, error, submit } = useSubmit(async () => {
    if (!current || !next) return 'Please fill in all fields';
    if (next.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
    const { data, error: failure } = await api.POST('/api/auth/password', { body: { currentPassword: current, newPassword: next } });
    if (!data) return errorMessage(failure, 'Could not change your password. Please try again.');
    // This browser's session was replaced by a new one; every other one is signed out.
    completeSignIn(data);
    setCurrent('');
    setNext('');
    notify.success('Password changed. Other devices were signed out and your API tokens revoked.');
    return undefined;
  });
  return (
    <form onSubmit={submit} aria-label="Change your password" noValidate>
      <div className="sh-account-form">
        <PasswordField label="Current password" name="currentPassword" autoComplete="current-password" value={current} onChange={setCurrent} />
        <PasswordField
          label="New password"
          name="newPassword"
          autoComplete="new-password"
          value={next}
          onChange={setNext}
          helper={`At least ${MIN_PASSWORD_LENGTH} characters. Every other device is signed out and your API tokens are revoked.`}
        />
        <FormError error={error} />
        <div>
          <SubmitButton loading={busy}>Change password</SubmitButton>
        </div>
      </div>
    </form>
  );
}

function EmailForm({ user }: { user: AuthUser }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState<string>();
  const { busy, error, submit } = useSubmit(async () => {
    if (!email.trim() || !password) return 'Please fill in all fields';
    const { data, error: failure } = await api.POST('/api/auth/email', { body: { newEmail: email.trim(), currentPassword: password } });
    if (!data) return errorMessage(failure, 'Could not change your email address. Please try again.');
    setPending(data.pendingEmail);
    setEmail('');
    setPassword('');
    return undefined;
  });
  return (
    <form onSubmit={submit} aria-label="Change your sign-in email" noValidate>
      <div className="sh-account-form">
        <p className="sh-muted-sm">
          You sign in with <strong>{user.email}</strong>. We send a link to the new address; the change takes effect when you open it, and{' '}
          {user.email} is told.
        </p>
        {pending && (
          <p role="status" className="sh-account-form-done" data-testid="email-change-pending">
            Check {pending}: open the link we sent there to make it your sign-in address. It works for 24 hours.
          </p>
        )}
        <EmailField value={email} onChange={setEmail} />
        <PasswordField label="Current password" name="emailCurrentPassword" autoComplete="current-password" value={password} onChange={setPassword} />
        <FormError error={error} />
        <div>
          <SubmitButton loading={busy}>Send confirmation link</SubmitButton>
        </div>
      </div>
    </form>
  );
}

/**
 * What can be changed in the profile: the name by everyone; the password and the sign-in address
 * with the current password (an account made with Google sign-in sets one first, with the reset
 * link, as the server says when asked). The account page shows them after Change details.
 */
export function ProfileForms({ user }: { user: AuthUser }) {
  return (
    <div className="sh-account-forms">
      <SubSection title="Name">
        <NameForm user={user} />
      </SubSection>
      <SubSection title="Password">
        <p className="sh-account-note">
          Signed up with Google? Your account has no password until you set one with <span className="sh-badge-outline">Forgot your password?</span> on
          the sign-in page; until then your address and password stay as Google gave them.
        </p>
        <PasswordForm />
      </SubSection>
      <SubSection title="Sign-in email">
        <EmailForm user={user} />
      </SubSection>
    </div>
  );
}
