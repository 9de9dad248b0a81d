/** Annual billing costs 80% of the monthly price ('Save 20%'). */
export const ANNUAL_PERCENT_OF_MONTHLY = 80;

/** The monthly price, in cents, when billed annually: monthly × 0.8, in whole cents (rounded down). */
export function annualMonthlyCents(monthlyCents: number): number {
  return Math.floor((monthlyCents * ANNUAL_PERCENT_OF_MONTHLY) / 100);
}
