/** "$0" for a free plan, otherwise dollars and two-digit cents: 999 → "$9.99". Integer math only. */
export function formatPrice(cents: number): string {
  if (cents === 0) return '$0';
  const dollars = Math.floor(cents / 100);
  const rest = cents % 100;
  return `$${dollars}.${String(rest).padStart(2, '0')}`;
}
