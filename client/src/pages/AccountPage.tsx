import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { components } from '../../../openapi/schema';
import { api, errorMessage } from '../api/client';
import { type AuthUser, type PlanTier, useAuth } from '../auth/auth-context';
import { LoadingBlock } from '../components/LoadStatus';
import { paletteClass } from '../components/palette-class';
import { notify } from '../components/toaster';
import { formatDate } from '../format';
import { useQuery } from '../hooks/use-query';
import { useSiteInfo } from '../site/use-site-info';
import { AccountDataSection } from '../components/account/AccountDataSection';
import { ApiTokensSection } from '../components/account/ApiTokensSection';

/*
 * Drawn without Chakra's runtime (theme/shell-styles.ts, "AccountPage"), like the dashboard and the
 * history: the profile, the plan, the links, the forms (changing details, API tokens, the data export
 * and deletion) show with React and this page's code alone. As Chakra components they made one long
 * task of about 3 s on a throttled phone; loading Chakra's runtime for the forms right after the first
 * render (186 KB of JavaScript in all) still kept the blocking time near 1 s. Only the confirmation dialogs (revoking a token, deleting the account) load
 * Chakra's runtime, when they open.
 */

// The profile forms' code loads when Change details is pressed; the tokens and data sections come with
// the page (below the fold, small, and drawn with the shell classes too).
const ProfileForms = lazy(async () => ({ default: (await import('../components/account/ProfileSection')).ProfileForms }));

const planNames: Record<PlanTier, string> = { free: 'Free', plus: 'Plus', pro: 'Pro', business: 'Business' };

type ScanUsage = components['schemas']['ScanUsageDto'];

/**
 * The address's state, and a way to verify it: a new emailed link, or, on a server that sends no
 * email (GET /api/site), who can make the link instead: never a claim that an email was sent.
 */
function EmailVerification({ verified }: { verified: boolean }) {
  const [sending, setSending] = useState(false);
  const site = useSiteInfo();
  const noMail = site.status === 'ready' && !site.data.sendsEmail;

  async function resend() {
    setSending(true);
    try {
      const { data, error } = await api.POST('/api/auth/verify-email/resend');
      if (data?.emailSent) notify.success(data.message);
      else if (data) notify.info(data.message);
      else notify.error(`Failed to send the verification email: ${errorMessage(error, 'Please try again.')}`);
    } catch {
      notify.error('Failed to send the verification email: Network error');
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="sh-account-row">
      <p className="sh-account-label">Email verification:</p>
      <span className={`sh-badge ${paletteClass(verified ? 'green' : 'orange')}`}>{verified ? 'Verified' : 'Not verified'}</span>
      {!verified && !noMail && (
        <button
          type="button"
          className="sh-button-outline-sm"
          onClick={() => void resend()}
          disabled={sending || site.status === 'loading'}
          aria-busy={sending}
        >
          Resend verification email
        </button>
      )}
      {!verified && noMail && (
        <p className="sh-muted-sm" data-testid="no-mail-verification">
          This server does not send email yet, so it cannot email you a verification link. The person who runs it can make one
          for you: write to {site.data.contactEmail}.
        </p>
      )}
    </div>
  );
}

const loadScanUsage = async () => (await api.GET('/api/scans/usage')).data;

/** "N / limit" monthly scans of the plan that applies now (GET /api/scans/usage), again when the plan changes. */
function useScanUsage(tier: PlanTier): ScanUsage | 'loading' | 'error' {
  const [usage] = useQuery(`scan-usage:${tier}`, loadScanUsage);
  return usage.status === 'ready' ? usage.data : usage.status;
}

/**
 * The profile as text, and, after Change details, the forms that change the name, the password and
 * the sign-in address (components/account/ProfileSection.tsx).
 */
function Profile({ user }: { user: AuthUser }) {
  const [editing, setEditing] = useState(false);
  return (
    <section className="sh-account-card" aria-labelledby="account-profile" data-testid="profile">
      <div className="sh-account-card-body">
        <div className="sh-account-head">
          <h2 id="account-profile" className="sh-card-title">
            Profile
          </h2>
          <button type="button" className="sh-button-outline-sm" onClick={() => setEditing((e) => !e)} aria-expanded={editing}>
            {editing ? 'Done' : 'Change details'}
          </button>
        </div>
        <div className="sh-account-lines">
          <p>
            <span className="sh-account-label">Email:</span> <span data-testid="profile-email">{user.email}</span>
          </p>
          <p>
            <span className="sh-account-label">Display name:</span> {user.displayName ?? <span className="sh-card-text">none</span>}
          </p>
          <p className="sh-muted-sm">
            User ID: <code className="sh-account-id">{user.id}</code>
          </p>
        </div>
        <EmailVerification verified={user.emailVerified} />
        {editing && (
          <Suspense fallback={<LoadingBlock>Loading the forms…</LoadingBlock>}>
            <ProfileForms user={user} />
          </Suspense>
        )}
      </div>
    </section>
  );
}

/**
 * The plan box (spec: plan, status, monthly usage), with the real plan: a paid plan is Active until
 * its end date; once it has ended the account is on Free again and the box says Expired.
 */
function PlanBox({ plan }: { plan: AuthUser['plan'] }) {
  const usage = useScanUsage(plan.tier);
  const expired = plan.tier === 'free' && plan.expiresAt !== null;
  return (
    <section className="sh-account-card" aria-labelledby="account-plan" data-testid="plan-box">
      <div className="sh-account-card-body">
        <h2 id="account-plan" className="sh-card-title">
          Plan
        </h2>
        <div className="sh-account-row">
          <p className="sh-account-plan">{planNames[plan.tier]} Plan</p>
          <span className={`sh-badge ${paletteClass(expired ? 'orange' : 'green')}`}>{expired ? 'Expired' : 'Active'}</span>
        </div>
        {plan.expiresAt && (
          <p className="sh-card-text">
            {expired ? 'Your paid plan ended on ' : 'Paid until '}
            <time dateTime={plan.expiresAt}>{formatDate(plan.expiresAt)}</time>
            {expired ? '.' : '. Pay again on the pricing page to add 30 days.'}
          </p>
        )}
        <p>
          Monthly scans:{' '}
          <span className="sh-account-usage" data-testid="scan-usage">
            {typeof usage === 'object' ? `${usage.used} / ${usage.limit}` : usage === 'loading' ? '…' : 'unavailable'}
          </span>
        </p>
      </div>
    </section>
  );
}

export default function AccountPage() {
  const { state, refreshProfile } = useAuth();
  // The plan may have changed since sign-in (a payment, or its end).
  useEffect(() => {
    void refreshProfile();
  }, [refreshProfile]);

  if (state.status !== 'signedIn') {
    return (
      <div className="sh-account-signed-out">
        <h1 className="sh-account-title">Not Logged In</h1>
        <p className="sh-card-text">Sign in to see your account.</p>
        <RouterLink to="/login" className="sh-button">
          Go to Login
        </RouterLink>
      </div>
    );
  }

  const { user } = state;

  return (
    <div className="sh-account">
      <h1 className="sh-account-title">Account</h1>
      <Profile user={user} />
      <PlanBox plan={user.plan} />
      <div className="sh-account-actions">
        <RouterLink to="/features" className="sh-button">
          Upgrade Plan
        </RouterLink>
        <RouterLink to="/dashboard" className="sh-button-outline">
          Back to Dashboard
        </RouterLink>
      </div>
      <ApiTokensSection />
      <AccountDataSection />
    </div>
  );
}
