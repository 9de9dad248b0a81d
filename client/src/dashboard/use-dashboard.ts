import { useCallback, useEffect, useState } from 'react';
import { api } from '../api/client';
import type { Dashboard } from './dashboard-types';

export type DashboardState = { status: 'loading' } | { status: 'ready'; data: Dashboard } | { status: 'error' };

/**
 * The overview's data from the server's history (GET /api/dashboard). `refresh` loads it again and
 * keeps what is shown until the new answer arrives (no flash of a spinner after each scan); only the
 * newest request's answer is used.
 */
export function useDashboard(): [DashboardState, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<DashboardState>({ status: 'loading' });

  useEffect(() => {
    let live = true; // false once a newer request (or unmounting) replaces this one
    const failed = (current: DashboardState): DashboardState => (current.status === 'ready' ? current : { status: 'error' });
    api.GET('/api/dashboard').then(
      ({ data }) => live && setState((current) => (data ? { status: 'ready', data } : failed(current))),
      () => live && setState(failed),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const refresh = useCallback(() => {
    setState((current) => (current.status === 'error' ? { status: 'loading' } : current));
    setAttempt((n) => n + 1);
  }, []);

  return [state, refresh];
}
