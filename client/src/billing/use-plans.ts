import type { components } from '../../../openapi/schema';
import { api } from '../api/client';
import { type Loadable, useQuery } from '../hooks/use-query';

export type Plan = components['schemas']['PlanDto'];

const loadPlans = async () => (await api.GET('/api/plans')).data?.plans;

/** The one plan catalogue (GET /api/plans), cheapest first; the second value loads it again. */
export function usePlans(): [Loadable<Plan[]>, () => void] {
  return useQuery('plans', loadPlans);
}
