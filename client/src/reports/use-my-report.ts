import { api } from '../api/client';
import { type Loadable, useQuery } from '../hooks/use-query';
import type { Report } from './report-types';

const loadMyReport = async () => (await api.GET('/api/reports/me')).data;

/** The signed-in user's report (GET /api/reports/me); the second value loads it again. */
export function useMyReport(): [Loadable<Report>, () => void] {
  return useQuery('report', loadMyReport);
}
