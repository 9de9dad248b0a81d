import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import type { components } from '../../../openapi/schema';
import { api } from '../api/client';
import { useAuth } from '../auth/auth-context';

export type AnalyticsEventName = components['schemas']['AnalyticsEventName'];
/** An event's own fields; the provider adds the common ones. */
export type EventParameters = Record<string, string | number | undefined>;

export interface AnalyticsContextValue {
  /** Sends the event to Footprint's own server when signed in; never throws, never waits. */
  track(event: AnalyticsEventName, parameters?: EventParameters): void;
}

const AnalyticsContext = createContext<AnalyticsContextValue | undefined>(undefined);

const MAX_USER_AGENT = 512;

/** A page address without its query string and fragment: they can hold personal data. */
function withoutQuery(address: string): string | undefined {
  try {
    const url = new URL(address);
    return `${url.origin}${url.pathname}`;
  } catch {
    return undefined;
  }
}

/**
 * First-party analytics: events go to POST /api/analytics/track, only while
 * signed in, with the common fields userId, timestamp, userAgent, url and referrer. Nothing is sent
 * anywhere else. A failure is logged and swallowed. Every route change counts as a page_view.
 */
export function AnalyticsProvider({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  const userId = state.status === 'signedIn' ? state.user.id : undefined;

  // A new function when the user changes: children's effects (which run before this provider's)
  // then already see who is signed in.
  const track = useCallback(
    (event: AnalyticsEventName, parameters: EventParameters = {}) => {
      if (!userId) return;
      const all: EventParameters = {
        ...parameters,
        userId,
        timestamp: new Date().toISOString(),
        userAgent: navigator.userAgent.slice(0, MAX_USER_AGENT),
        url: withoutQuery(window.location.href),
        referrer: document.referrer ? withoutQuery(document.referrer) : undefined,
      };
      // Fields without a value are left out rather than sent empty.
      const defined = Object.entries(all).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
      api.POST('/api/analytics/track', { body: { event, parameters: Object.fromEntries(defined) } }).then(
        ({ response }) => {
          if (!response.ok) console.warn(`analytics: ${event} was not recorded (${response.status})`);
        },
        (err: unknown) => console.warn(`analytics: ${event} was not sent`, err),
      );
    },
    [userId],
  );

  const { pathname } = useLocation();
  useEffect(() => {
    if (userId) track('page_view');
  }, [pathname, userId, track]);

  const value = useMemo(() => ({ track }), [track]);
  return <AnalyticsContext.Provider value={value}>{children}</AnalyticsContext.Provider>;
}

/** A fixed tracker instead of the real one: for component tests only. */
export function AnalyticsStateProvider({ track, children }: { track: AnalyticsContextValue['track']; children: ReactNode }) {
  const value = useMemo(() => ({ track }), [track]);
  return <AnalyticsContext.Provider value={value}>{children}</AnalyticsContext.Provider>;
}

export function useAnalytics(): AnalyticsContextValue {
  const value = useContext(AnalyticsContext);
  if (!value) throw new Error('useAnalytics must be used within an AnalyticsProvider');
  return value;
}
