import { useEffect, useState } from 'react';
import type { components } from '../../../openapi/schema';
import { api } from '../api/client';

export type BillingConfig = components['schemas']['BillingConfigDto'];

/** GET /api/billing/config once: whether card payments work here, and how to load Stripe.js. */
export function useBillingConfig(): BillingConfig | 'loading' | 'error' {
  const [config, setConfig] = useState<BillingConfig | 'loading' | 'error'>('loading');
  useEffect(() => {
    let live = true;
    api.GET('/api/billing/config').then(
      ({ data }) => live && setConfig(data ?? 'error'),
      () => live && setConfig('error'),
    );
    return () => {
      live = false;
    };
  }, []);
  return config;
}
