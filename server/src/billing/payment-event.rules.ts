import { paymentAmountCents, PlanTier } from '../vocabulary/plan.catalogue';

/** What we stored when we created a PaymentIntent. */
export interface OurPaymentIntent {
  userId: string;
  planTier: PlanTier;
  amountCents: number;
  currency: string;
}

/** The parts of a Stripe PaymentIntent (from a webhook event) that decide whether it may change a plan. */
export interface ReportedPaymentIntent {
  status: string;
  amount: number;
  amount_received?: number;
  currency: string;
  metadata?: Record<string, string> | null;
}

/**
 * Why a succeeded-payment event must not change a plan, or undefined when it may: it has to be an
 * intent we created, paid in full, for the same user and plan, at the catalogue's price.
 */
export function paymentMismatch(ours: OurPaymentIntent | null, reported: ReportedPaymentIntent): string | undefined {
  if (!ours) return 'unknown payment intent';
  if (reported.status !== 'succeeded') return `status is ${reported.status}`;
  if (reported.metadata?.userId !== ours.userId) return 'metadata user differs';
  if (reported.metadata?.plan !== ours.planTier) return 'metadata plan differs';
  const price = paymentAmountCents(ours.planTier);
  if (price === undefined || ours.amountCents !== price) return 'stored amount is not the catalogue price';
  if (reported.amount !== price) return 'amount is not the catalogue price';
  if (reported.amount_received !== undefined && reported.amount_received !== price) return 'amount received is not the price';
  if (reported.currency !== ours.currency) return 'currency differs';
  return undefined;
}
