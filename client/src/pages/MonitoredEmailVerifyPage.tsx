import { api, errorMessage } from '../api/client';
import { useAuth } from '../auth/auth-context';
import { AuthCard } from '../components/AuthCard';
import { TokenLinkOutcome } from '../components/TokenLinkOutcome';
import { INVALID_LINK, type TokenAnswer, useSingleUseToken } from '../hooks/use-single-use-token';

async function verifyMonitoredEmail(token: string): Promise<TokenAnswer<string>> {
  const { data, error } = await api.POST('/api/monitoring/verify-email', { body: { token } });
  return data ? { ok: true, value: data.email } : { ok: false, message: errorMessage(error, INVALID_LINK) };
}

/**
 * The page the link in a monitored address's verification email opens:
 * /monitoring/verify-email?token=…. Public: the address's owner may not be signed in (or may not
 * be the account holder at all).
 */
export default function MonitoredEmailVerifyPage() {
  const { state } = useAuth();
  const { outcome, confirm } = useSingleUseToken(verifyMonitoredEmail);

  const signedIn = state.status === 'signedIn';
  return (
    <AuthCard title="Monitored email verification" subtitle="Confirming that this address may be monitored by Footprint.">
      <TokenLinkOutcome
        outcome={outcome}
        confirm={{
          question: 'Someone asked Footprint to watch this email address for new breaches and exposures, and to alert them. Confirm only if that is you or someone you trust with this.',
          label: 'Allow monitoring of this address',
          onConfirm: confirm,
        }}
        checking="Verifying the email address…"
        verified={(email) => `${email} is verified and will be monitored.`}
        breakVerified
        next={signedIn ? { to: '/monitoring', label: 'Go to Monitoring' } : { to: '/', label: 'Go to Footprint' }}
      />
    </AuthCard>
  );
}
