import { Logger, BadGatewayException, BadRequestException, ServiceUnavailableException } from '@nestjs/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { ProfileService } from '../auth/profile.service';
import { Clock } from '../common/clock/clock.service';
import { RateLimiter } from '../common/security/rate-limiter.service';
import { automock } from '../common/testing/automock.test-helpers';
import { BILLING_RATE_LIMITS } from './billing-rate-limits.catalogue';
import { BILLING_MESSAGES } from './billing.dto';
import type { PaymentIntentEntity } from './payment-intent.entity';
import { PaymentRepository } from './payment.repository';
import { PaymentsService } from './payments.service';
import { StripeSource, WebhookSignatureError } from './stripe.source';

const NOW = new Date('2031-02-01T09:00:00.000Z');
const DAY = 24 * 3600_000;

function setup(configured = true) {
  const stripe = automock(StripeSource, { configured, publishableKey: 'pk_test_x', jsUrl: 'https://js.stripe.example/v3/' } as Partial<StripeSource>);
  const payments = automock(PaymentRepository);
  const limiter = automock(RateLimiter);
  const clock = automock(Clock);
  const profiles = automock(ProfileService);
  clock.now.mockReturnValue(NOW);
  stripe.createPaymentIntent.mockResolvedValue({ id: 'pi_1', clientSecret: 'pi_1_secret_abc' });
  payments.isProcessed.mockResolvedValue(false);
  payments.recordEvent.mockResolvedValue(true);
  return { service: new PaymentsService(stripe, payments, limiter, clock, profiles), stripe, payments, limiter, profiles };
}

const ours = { id: 'pi_1', userId: 'u1', planTier: 'plus', amountCents: 999, currency: 'usd' } as PaymentIntentEntity;
function succeeded(intent: Partial<Stripe.PaymentIntent> = {}): Stripe.Event {
  const object = { id: 'pi_1', status: 'succeeded', amount: 999, amount_received: 999, currency: 'usd', metadata: { userId: 'u1', plan: 'plus' }, ...intent };
  return { id: 'evt_1', type: 'payment_intent.succeeded', data: { object } } as unknown as Stripe.Event;
}

describe('PaymentsService', () => {
  // The services log what they do; not here.
  beforeAll(() => Logger.overrideLogger(false));

  describe('createPaymentIntent', () => {
    it('creates the intent for exactly the catalogue price, with the user and plan in its metadata, and stores it', async () => {
      const { service, stripe, payments, limiter } = setup();
      expect(await service.createPaymentIntent('u1', { plan: 'plus', amount: 999 })).toEqual({ clientSecret: 'pi_1_secret_abc' });
      expect(stripe.createPaymentIntent).toHaveBeenCalledWith({
        amountCents: 999,
        currency: 'usd',
        description: 'Footprint Plus plan, 30 days',
        metadata: { userId: 'u1', plan: 'plus' },
        idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      expect(payments.createIntent).toHaveBeenCalledWith({ id: 'pi_1', userId: 'u1', planTier: 'plus', amountCents: 999, currency: 'usd' });
      expect(limiter.consume).toHaveBeenCalledWith(BILLING_RATE_LIMITS.paymentIntentPerUser, 'u1');
    });

    it('refuses the free plan and any other amount before calling Stripe', async () => {
      const { service, stripe } = setup();
      await expect(service.createPaymentIntent('u1', { plan: 'free', amount: 0 })).rejects.toThrow(new BadRequestException(BILLING_MESSAGES.freePlan));
      await expect(service.createPaymentIntent('u1', { plan: 'pro', amount: 999 })).rejects.toThrow(BILLING_MESSAGES.amountMismatch('Pro', 1999));
      expect(stripe.createPaymentIntent).not.toHaveBeenCalled();
    });

    it('answers 503 without Stripe keys and 502 when Stripe fails, storing nothing', async () => {
      await expect(setup(false).service.createPaymentIntent('u1', { plan: 'plus', amount: 999 })).rejects.toThrow(ServiceUnavailableException);
      const { service, stripe, payments } = setup();
      stripe.createPaymentIntent.mockRejectedValue(Object.assign(new Error('down'), { type: 'StripeConnectionError' }));
      await expect(service.createPaymentIntent('u1', { plan: 'plus', amount: 999 })).rejects.toThrow(new BadGatewayException(BILLING_MESSAGES.providerUnavailable));
      expect(payments.createIntent).not.toHaveBeenCalled();
    });
  });

  describe('handleWebhook', () => {
    it('applies a succeeded payment of an intent we created: 30 days of the plan from now', async () => {
      const { service, stripe, payments, profiles } = setup();
      stripe.verifyWebhook.mockReturnValue(succeeded());
      payments.findIntent.mockResolvedValue(ours);
      payments.applySucceededPayment.mockResolvedValue({ kind: 'applied', plan: { tier: 'plus', expiresAt: new Date(NOW.getTime() + 30 * DAY) } });
      expect(await service.handleWebhook(Buffer.from('{}'), 't=1,v1=x')).toBe('applied');
      const [args] = payments.applySucceededPayment.mock.calls[0];
      expect(args).toMatchObject({ eventId: 'evt_1', intentId: 'pi_1', paidAt: NOW });
      // The plan change goes through auth, in the payment's transaction, for the intent's user...
      const manager = {} as EntityManager;
      await args.changePlan(manager);
      const [passed, userId, next] = profiles.changePlanWithin.mock.calls[0];
      expect([passed, userId]).toEqual([manager, 'u1']);
      // ...and writes a fresh 30-day Plus period for an account on Free.
      expect(next({ tier: 'free', expiresAt: null })).toEqual({ tier: 'plus', expiresAt: new Date(NOW.getTime() + 30 * DAY) });
    });

    it.each([
      ['an intent we did not create', null, {}],
      ['another amount', ours, { amount: 1 }],
      ['another user in the metadata', ours, { metadata: { userId: 'u2', plan: 'plus' } }],
    ] as const)('ignores a payment for %s, changing no plan', async (_what, stored, intent) => {
      const { service, stripe, payments } = setup();
      stripe.verifyWebhook.mockReturnValue(succeeded(intent as Partial<Stripe.PaymentIntent>));
      payments.findIntent.mockResolvedValue(stored);
      expect(await service.handleWebhook(Buffer.from('{}'), 'sig')).toBe('ignored');
      expect(payments.applySucceededPayment).not.toHaveBeenCalled();
      expect(payments.recordEvent).toHaveBeenCalledWith('evt_1', 'payment_intent.succeeded', 'ignored');
    });

    it('acknowledges a replayed event once processed, and refuses a missing or bad signature with 400', async () => {
      const { service, stripe, payments } = setup();
      stripe.verifyWebhook.mockReturnValue(succeeded());
      payments.isProcessed.mockResolvedValue(true);
      expect(await service.handleWebhook(Buffer.from('{}'), 'sig')).toBe('duplicate');
      expect(payments.findIntent).not.toHaveBeenCalled();
      await expect(service.handleWebhook(Buffer.from('{}'), undefined)).rejects.toThrow(BILLING_MESSAGES.missingSignature);
      stripe.verifyWebhook.mockImplementation(() => {
        throw new WebhookSignatureError('bad');
      });
      await expect(service.handleWebhook(Buffer.from('{}'), 'forged')).rejects.toThrow(BILLING_MESSAGES.badSignature);
    });

    it('marks a failed payment, and records other events as ignored', async () => {
      const { service, stripe, payments } = setup();
      payments.recordFailedPayment.mockResolvedValue(true);
      stripe.verifyWebhook.mockReturnValue({ id: 'evt_2', type: 'payment_intent.payment_failed', data: { object: { id: 'pi_1' } } } as unknown as Stripe.Event);
      expect(await service.handleWebhook(Buffer.from('{}'), 'sig')).toBe('applied');
      expect(payments.recordFailedPayment).toHaveBeenCalledWith('evt_2', 'payment_intent.payment_failed', 'pi_1');
      stripe.verifyWebhook.mockReturnValue({ id: 'evt_3', type: 'customer.created', data: { object: {} } } as unknown as Stripe.Event);
      expect(await service.handleWebhook(Buffer.from('{}'), 'sig')).toBe('ignored');
    });
  });
});
