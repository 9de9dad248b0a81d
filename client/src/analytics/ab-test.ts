import { api } from '../api/client';

export const AB_VARIANTS = ['A', 'B', 'C'] as const;
export type AbVariant = (typeof AB_VARIANTS)[number];

const isVariant = (value: unknown): value is AbVariant => typeof value === 'string' && (AB_VARIANTS as readonly string[]).includes(value);

/**
 * The A/B call: GET the variant; if the answer is not ok, pick A, B or C at
 * random and POST it back; on any error, A.
 */
export async function abTestVariant(testName: 'pricing_test', random: () => number = Math.random): Promise<AbVariant> {
  try {
    const { data, response } = await api.GET('/api/analytics/ab-test/{testName}', { params: { path: { testName } } });
    if (response.ok && isVariant(data?.variant)) return data.variant;
    const chosen = AB_VARIANTS[Math.floor(random() * AB_VARIANTS.length)] ?? 'A';
    // Shown at once: the page's largest paint (the pricing headline) need not wait for the record's round trip.
    api
      .POST('/api/analytics/ab-test/{testName}', {
        params: { path: { testName }, header: { 'X-Footprint-CSRF': '1' } },
        body: { variant: chosen },
      })
      .catch(() => undefined);
    return chosen;
  } catch {
    return 'A';
  }
}
