import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { AppConfig } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';
import { appVersion } from '../common/package-info.util';

export interface NewPaymentIntent {
  amountCents: number;
  currency: string;
  description: string;
  /** Stored by Stripe and sent back in the webhook: whose payment, for which plan. */
  metadata: { userId: string; plan: string };
  /** Retrying the same request never creates a second intent. */
  idempotencyKey: string;
}

export interface CreatedPaymentIntent {
  id: string;
  clientSecret: string;
}

/** The webhook's signature did not verify (wrong secret, altered body, or too old). */
export class WebhookSignatureError extends Error {}

/**
 * Stripe, the one outside service of billing: PaymentIntents through the official SDK, pointed at
 * STRIPE_API_URL (a fake in tests), and verification of webhook signatures. Without the three keys
 * it is not configured and refuses to be used.
 */
@Injectable()
export class StripeSource {
  private readonly client?: Stripe;
  private readonly webhookSecret?: string;
  readonly publishableKey?: string;
  readonly jsUrl: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.jsUrl = config.stripe.jsUrl;
    const keys = config.stripe.keys;
    if (!keys) return;
    const api = new URL(config.stripe.apiUrl);
    const protocol = api.protocol === 'http:' ? 'http' : 'https';
    this.client = new Stripe(keys.secretKey, {
      host: api.hostname,
      port: api.port || (protocol === 'http' ? 80 : 443),
      protocol,
      maxNetworkRetries: 1,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: 'Footprint', version: appVersion() },
    });
    this.webhookSecret = keys.webhookSecret;
    this.publishableKey = keys.publishableKey;
  }

  get configured(): boolean {
    return this.client !== undefined;
  }

  async createPaymentIntent(intent: NewPaymentIntent): Promise<CreatedPaymentIntent> {
    const created = await this.stripe().paymentIntents.create(
      {
        amount: intent.amountCents,
        currency: intent.currency,
        description: intent.description,
        metadata: intent.metadata,
        allowed_payment_method_types: ['card'],
      },
      { idempotencyKey: intent.idempotencyKey },
    );
    if (!created.client_secret) throw new Error('Stripe returned a PaymentIntent without a client secret');
    return { id: created.id, clientSecret: created.client_secret };
  }

  /** The event, if `signature` (the Stripe-Signature header) signs exactly these bytes with our secret. */
  verifyWebhook(rawBody: Buffer, signature: string): Stripe.Event {
    try {
      return this.stripe().webhooks.constructEvent(rawBody, signature, this.webhookSecret!);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookSignatureError(err.message);
      throw err;
    }
  }

  private stripe(): Stripe {
    if (!this.client) throw new Error('Stripe is not configured');
    return this.client;
  }
}
