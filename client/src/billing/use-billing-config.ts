import type { components } from '../../../openapi/schema';
import { api } from '../api/client';
import { useQuery } from '../hooks/use-query';

export type BillingConfig = components['schemas']['BillingConfigDto'];

const loadBillingConfig = async () => (await api.GET('/api/billing/config')).data;

/** GET /api/billing/config once: whether card payments work here, and how to load Stripe.js. */
export function useBillingConfig(): BillingConfig | 'loading' | 'error' {
  const [state] = useQuery('billing-config', loadBillingConfig);
  return state.status === 'ready' ? state.data : state.status;
}
