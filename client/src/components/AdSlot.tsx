import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAnalytics } from '../analytics/analytics-context';
import { useAuth } from '../auth/auth-context';

const UPSELL = { feature: 'remove_footer_message', location: 'footer_slot', plan: 'free' } as const;

/**
 * The footer "ad slot": shown only to signed-in users on the free plan (a paid
 * plan past its end counts as free), and it carries Footprint's own upgrade message. No ad network,
 * nothing from a third party; being shown and clicked are first-party analytics events.
 */
export function AdSlot() {
  const { state } = useAuth();
  const { track } = useAnalytics();
  const shown = state.status === 'signedIn' && state.user.plan.tier === 'free';
  useEffect(() => {
    if (shown) track('upsell_viewed', UPSELL);
  }, [shown, track]);

  if (!shown) return null;
  // Drawn without Chakra's runtime (theme/shell-styles.ts, "AdSlot"), like the footer it sits on.
  return (
    <aside aria-label="Upgrade message" data-testid="ad-slot" className="sh-ad">
      <div className="sh-ad-bar">
        <p className="sh-ad-text">
          Upgrade to remove this message and get more scans, monitors and reports.{' '}
          <RouterLink to="/pricing" onClick={() => track('upsell_clicked', UPSELL)} className="sh-ad-link">
            See plans
          </RouterLink>
        </p>
      </div>
    </aside>
  );
}
