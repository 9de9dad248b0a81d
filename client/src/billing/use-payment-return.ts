import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '../api/client';
import { useAuth } from '../auth/auth-context';
import { notify } from '../components/toaster';

export const PAYMENT_SUCCESS_MESSAGE = 'Payment successful! Thank you for upgrading.';
const POLL_MS = 1000;
const POLL_TIMES = 15;

/**
 * The return from checkout (`/dashboard?success=true`, where Stripe sends the person back): a success toast, the flag
 * taken out of the address, and the profile reloaded. Stripe confirms the payment to the server by
 * webhook, which may arrive a moment after the browser's confirmation, so the profile is asked
 * again until the plan changes (then the footer slot goes away) or for 15 seconds.
 */
export function usePaymentReturn(): void {
  const [params, setParams] = useSearchParams();
  const { state, refreshProfile } = useAuth();
  const handled = useRef(false);
  const mounted = useRef(true);
  const paid = params.get('success') === 'true';

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const planBefore = state.user ? JSON.stringify(state.user.plan) : undefined;

  useEffect(() => {
    if (!paid || handled.current) return;
    handled.current = true;
    notify.success(PAYMENT_SUCCESS_MESSAGE);
    setParams(
      (current) => {
        current.delete('success');
        return current;
      },
      { replace: true },
    );
    // Not tied to this effect's cleanup: taking the flag out of the address re-runs it.
    void (async () => {
      for (let i = 0; i < POLL_TIMES && mounted.current; i++) {
        const { data } = await api.GET('/api/auth/profile').catch(() => ({ data: undefined }));
        if (data && JSON.stringify(data.plan) !== planBefore) {
          await refreshProfile();
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    })();
  }, [paid, planBefore, refreshProfile, setParams]);
}
