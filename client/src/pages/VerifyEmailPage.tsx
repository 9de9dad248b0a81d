import { useCallback } from 'react';
import { api, errorMessage } from '../api/client';
import { useAuth } from '../auth/auth-context';
import { AuthCard } from '../components/AuthCard';
import { TokenLinkOutcome } from '../components/TokenLinkOutcome';
import { INVALID_LINK, type TokenAnswer, useSingleUseToken } from '../hooks/use-single-use-token';

/** The page the emailed verification link opens: /verify-email?token=… */
export default function VerifyEmailPage() {
  const { state, refreshProfile } = useAuth();
  const verify = useCallback(
    async (token: string): Promise<TokenAnswer<string | undefined>> => {
      const { data, error, response } = await api.POST('/api/auth/verify-email', { body: { token } });
      if (!response.ok) return { ok: false, message: errorMessage(error, INVALID_LINK) };
      void refreshProfile();
      // A change of address names the new one (the sign-in address from now on).
      return { ok: true, value: data?.outcome === 'changed' ? data.email : undefined };
    },
    [refreshProfile],
  );
  const { outcome, confirm } = useSingleUseToken(verify);

  const signedIn = state.status === 'signedIn';
  return (
    <AuthCard title="Email verification" subtitle="Confirming the address of your Footprint account.">
      <TokenLinkOutcome
        outcome={outcome}
        confirm={{ question: 'Confirm that this is the address of your Footprint account.', label: 'Verify my email address', onConfirm: confirm }}
        checking="Verifying your email address…"
        verified={(newEmail) => (newEmail ? `Your sign-in address is now ${newEmail}.` : 'Your email address is verified.')}
        breakVerified={outcome.status === 'verified' && Boolean(outcome.value)}
        failedHint="You can ask for a new link on your account page."
        next={signedIn ? { to: '/dashboard', label: 'Go to Dashboard' } : { to: '/login', label: 'Go to Login' }}
      />
    </AuthCard>
  );
}
