/** Annual billing costs 80% of the monthly price ('Save 20%'). */
export const ANNUAL_PERCENT_OF_MONTHLY = 80;

/** The monthly price, in cents, when billed annually: monthly × 0.8, in whole cents (rounded down). */
export function annualMonthlyCents(monthlyCents: number): number {
  return Math.floor((monthlyCents * ANNUAL_PERCENT_OF_MONTHLY) / 100);
}

/** "$0" for a free plan, otherwise dollars and two-digit cents: 999 → "$9.99". Integer math only. */
export function formatPrice(cents: number): string {
  if (cents === 0) return '$0';
  const dollars = Math.floor(cents / 100);
  const rest = cents % 100;
  return `$${dollars}.${String(rest).padStart(2, '0')}`;
}
