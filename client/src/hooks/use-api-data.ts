import { startTransition, useCallback, useEffect, useState } from 'react';
import { api } from '../api/client';
import type { components } from '../../../openapi/schema';
import type { Report } from '../reports/report-types';

export type Plan = components['schemas']['PlanDto'];
export type SiteInfo = components['schemas']['SiteInfoDto'];

export type Loadable<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error' };

/** Loads once on mount; `reload` tries again (after an error, say). */
function useLoad<T>(load: () => Promise<T | undefined>): [Loadable<T>, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Loadable<T>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    // The answer renders as a transition: a long list yields to the browser every few milliseconds
    // instead of holding a phone's main thread while the page is still starting.
    const settle = (next: Loadable<T>) => {
      if (live) startTransition(() => setState(next));
    };
    load()
      .then((data) => settle(data === undefined ? { status: 'error' } : { status: 'ready', data }))
      .catch(() => settle({ status: 'error' }));
    return () => {
      live = false;
    };
    // `load` is a module-level function for each hook below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);
  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return [state, reload];
}

const loadPlans = async () => (await api.GET('/api/plans')).data?.plans;
const loadSiteInfo = async () => (await api.GET('/api/site')).data;
const loadMyReport = async () => (await api.GET('/api/reports/me')).data;

/** The one plan catalogue (GET /api/plans), cheapest first. */
export function usePlans(): [Loadable<Plan[]>, () => void] {
  return useLoad(loadPlans);
}

/** The site's name and contact address (GET /api/site). */
export function useSiteInfo(): Loadable<SiteInfo> {
  return useLoad(loadSiteInfo)[0];
}

/** The signed-in user's report (GET /api/reports/me); `retry` loads it again. */
export function useMyReport(): [Loadable<Report>, () => void] {
  return useLoad(loadMyReport);
}
