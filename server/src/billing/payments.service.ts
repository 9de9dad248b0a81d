import { BadGatewayException, BadRequestException, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { ProfileService } from '../auth/profile.service';
import { Clock } from '../common/clock/clock.service';
import { RateLimiter } from '../common/security/rate-limiter.service';
import { BILLING_RATE_LIMITS } from './billing-rate-limits.catalogue';
import { BILLING_MESSAGES, BillingConfigDto, CreatePaymentIntentDto, ExportedPaymentDto, PaymentIntentCreatedDto } from './billing.dto';
import { paymentMismatch } from './payment-event.rules';
import { PaymentRepository } from './payment.repository';
import { paymentAmountCents, PLAN_PERIOD_DAYS, planFor } from '../vocabulary/plan.catalogue';
import { planAfterPayment } from './plan-period.rules';
import { StripeSource, WebhookSignatureError } from './stripe.source';

const CURRENCY = 'usd';

/** What became of a webhook event. */
export type WebhookResult = 'applied' | 'ignored' | 'duplicate';

/**
 * Paid plans, one 30-day period per PaymentIntent (docs/OPERATIONS.md "Plans and payments"): the browser gets
 * a client secret for exactly the catalogue price, and only Stripe's signed webhook saying that
 * intent succeeded changes the plan.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    private readonly stripe: StripeSource,
    private readonly payments: PaymentRepository,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    private readonly profiles: ProfileService,
  ) {}

  /** The account export's part: payments started and made, newest first. */
  async exportOf(userId: string): Promise<ExportedPaymentDto[]> {
    return (await this.payments.listOfUser(userId)).map((p) => ({
      plan: p.planTier,
      amountCents: p.amountCents,
      currency: p.currency,
      status: p.status,
      createdAt: p.createdAt.toISOString(),
      succeededAt: p.succeededAt?.toISOString() ?? null,
    }));
  }

  config(): BillingConfigDto {
    if (!this.stripe.configured) return { configured: false };
    return { configured: true, publishableKey: this.stripe.publishableKey, stripeJsUrl: this.stripe.jsUrl };
  }

  async createPaymentIntent(userId: string, dto: CreatePaymentIntentDto): Promise<PaymentIntentCreatedDto> {
    if (!this.stripe.configured) throw new ServiceUnavailableException(BILLING_MESSAGES.notConfigured);
    const plan = planFor(dto.plan);
    const price = paymentAmountCents(plan.tier);
    if (price === undefined) throw new BadRequestException(BILLING_MESSAGES.freePlan);
    if (dto.amount !== price) {
      this.logger.warn(`payment intent refused: reason=amount_mismatch userId=${userId} plan=${plan.tier}`);
      throw new BadRequestException(BILLING_MESSAGES.amountMismatch(plan.name, price));
    }
    await this.limiter.consume(BILLING_RATE_LIMITS.paymentIntentPerUser, userId);
    let created;
    try {
      created = await this.stripe.createPaymentIntent({
        amountCents: price,
        currency: CURRENCY,
        description: `Footprint ${plan.name} plan, ${PLAN_PERIOD_DAYS} days`,
        metadata: { userId, plan: plan.tier },
        idempotencyKey: randomUUID(),
      });
    } catch (err) {
      const { type, code } = err as { type?: string; code?: string };
      this.logger.error(`creating a payment intent failed: type=${type ?? (err instanceof Error ? err.name : 'unknown')}${code ? ` code=${code}` : ''}`);
      throw new BadGatewayException(BILLING_MESSAGES.providerUnavailable);
    }
    await this.payments.createIntent({ id: created.id, userId, planTier: plan.tier, amountCents: price, currency: CURRENCY });
    this.logger.log(`payment intent created: userId=${userId} plan=${plan.tier} intent=${created.id}`);
    return { clientSecret: created.clientSecret };
  }

  /** Verifies and processes one webhook delivery; throws 400 for a missing or bad signature. */
  async handleWebhook(rawBody: Buffer | undefined, signature: string | undefined): Promise<WebhookResult> {
    if (!this.stripe.configured) throw new ServiceUnavailableException(BILLING_MESSAGES.notConfigured);
    if (!signature) throw new BadRequestException(BILLING_MESSAGES.missingSignature);
    let event: Stripe.Event;
    try {
      event = this.stripe.verifyWebhook(rawBody ?? Buffer.alloc(0), signature);
    } catch (err) {
      if (!(err instanceof WebhookSignatureError)) throw err;
      this.logger.warn('webhook refused: reason=bad_signature');
      throw new BadRequestException(BILLING_MESSAGES.badSignature);
    }
    if (await this.payments.isProcessed(event.id)) return this.duplicate(event);

    switch (event.type) {
      case 'payment_intent.succeeded':
        return this.paymentSucceeded(event.id, event.type, event.data.object);
      case 'payment_intent.payment_failed': {
        const recorded = await this.payments.recordFailedPayment(event.id, event.type, event.data.object.id);
        return recorded ? 'applied' : this.duplicate(event);
      }
      default:
        return (await this.payments.recordEvent(event.id, event.type, 'ignored')) ? 'ignored' : this.duplicate(event);
    }
  }

  private async paymentSucceeded(eventId: string, eventType: string, intent: Stripe.PaymentIntent): Promise<WebhookResult> {
    const ours = await this.payments.findIntent(intent.id);
    const mismatch = paymentMismatch(ours, intent);
    if (mismatch || !ours) {
      this.logger.warn(`payment event ignored: event=${eventId} intent=${intent.id} reason=${mismatch}`);
      return (await this.payments.recordEvent(eventId, eventType, 'ignored')) ? 'ignored' : 'duplicate';
    }
    const paidAt = this.clock.now();
    const outcome = await this.payments.applySucceededPayment({
      eventId,
      eventType,
      intentId: intent.id,
      paidAt,
      changePlan: (manager) => this.profiles.changePlanWithin(manager, ours.userId, (current) => planAfterPayment(current, ours.planTier, paidAt)),
    });
    switch (outcome.kind) {
      case 'applied':
        this.logger.log(
          `plan paid: userId=${ours.userId} plan=${outcome.plan.tier} until=${outcome.plan.expiresAt?.toISOString()} intent=${intent.id}`,
        );
        return 'applied';
      case 'duplicate':
        return 'duplicate';
      default:
        this.logger.warn(`payment event ignored: event=${eventId} intent=${intent.id} reason=${outcome.kind}`);
        return 'ignored';
    }
  }

  private duplicate(event: Stripe.Event): WebhookResult {
    this.logger.log(`webhook event already processed: event=${event.id} type=${event.type}`);
    return 'duplicate';
  }
}
