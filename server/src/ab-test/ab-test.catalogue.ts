/**
 * The A/B tests Footprint runs. Only these names are answered (others are 404). The pricing page's
 * headline test has three variants; the headline texts live in the client.
 */
export const AB_TESTS = {
  pricing_test: { variants: ['A', 'B', 'C'] },
} as const satisfies Record<string, { variants: readonly string[] }>;

export type AbTestName = keyof typeof AB_TESTS;

export function isAbTestName(value: string): value is AbTestName {
  return Object.hasOwn(AB_TESTS, value);
}
