import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt } from 'class-validator';
import { PLAN_TIERS, PlanTier } from '../vocabulary/plan.catalogue';

/** What billing answers a person (the spec gives no wording for these). */
export const BILLING_MESSAGES = {
  notConfigured: 'Payments are not available on this server.',
  unknownPlan: 'Please choose one of the plans: Plus, Pro or Business.',
  freePlan: 'The Free plan needs no payment.',
  amountMismatch: (planName: string, cents: number) =>
    `The amount does not match the ${planName} plan's price: it must be ${cents} (cents).`,
  amountNotWhole: 'The amount must be a whole number of cents.',
  providerUnavailable: 'The payment provider could not be reached. Please try again.',
  missingSignature: 'The Stripe-Signature header is missing.',
  badSignature: 'The webhook signature is not valid.',
} as const;

export class CreatePaymentIntentDto {
  @ApiProperty({ enum: PLAN_TIERS, enumName: 'PlanTier', description: 'A paid plan: plus, pro or business.' })
  @IsIn(PLAN_TIERS, { message: BILLING_MESSAGES.unknownPlan })
  plan!: PlanTier;

  @ApiProperty({ description: "The plan's monthly price × 100 (US cents): anything else is refused.", example: 999 })
  @IsInt({ message: BILLING_MESSAGES.amountNotWhole })
  amount!: number;
}

export class PaymentIntentCreatedDto {
  @ApiProperty({ description: "Stripe's client secret: Stripe.js confirms the card payment with it." })
  clientSecret!: string;
}

export class BillingConfigDto {
  @ApiProperty({ description: 'Whether card payments work on this server (Stripe keys are set).' })
  configured!: boolean;

  @ApiPropertyOptional({ description: 'Stripe publishable key, when configured.', example: 'pk_live_…' })
  publishableKey?: string;

  @ApiPropertyOptional({ description: 'The Stripe.js script to load on the pricing page, when configured.', example: 'https://js.stripe.com/v3/' })
  stripeJsUrl?: string;
}

export class WebhookReceivedDto {
  @ApiProperty({ example: true })
  received!: boolean;
}

/** A payment as the account export lists it. */
export class ExportedPaymentDto {
  @ApiProperty({ enum: PLAN_TIERS, enumName: 'PlanTier' })
  plan!: PlanTier;

  @ApiProperty({ description: 'US cents.' })
  amountCents!: number;

  @ApiProperty({ example: 'usd' })
  currency!: string;

  @ApiProperty({ enum: ['created', 'succeeded', 'failed'] })
  status!: 'created' | 'succeeded' | 'failed';

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  succeededAt!: string | null;
}
