import { api } from '../api/client';
import { type Loadable, useQuery } from '../hooks/use-query';
import type { Dashboard } from './dashboard-types';

export type DashboardState = Loadable<Dashboard>;

const loadDashboard = async () => (await api.GET('/api/dashboard')).data;

/**
 * The overview's data from the server's history (GET /api/dashboard). `refresh` loads it again and
 * keeps what is shown until the new answer arrives (no flash of a spinner after each scan); only the
 * newest request's answer is used.
 */
export function useDashboard(): [DashboardState, () => void] {
  return useQuery('dashboard', loadDashboard, { keepPrevious: true });
}
