import { z } from 'zod';
import { defineSettings, httpUrl, setting } from '../setting.schema';

/** Card payments (billing/). */
export const billingSettings = defineSettings({
  module: 'billing',
  title: 'Plans and payments (Stripe)',
  intro:
    'Card payments need all three keys: the secret key (server only), the publishable key (sent to the pricing page) and the signing secret of the webhook endpoint PUBLIC_URL/api/billing/webhook (events payment_intent.succeeded and payment_intent.payment_failed). Unless all three are set, checkout says payments are not available on this server, and no page loads Stripe.js.',
  settings: {
    STRIPE_SECRET_KEY: setting(z.string().regex(/^[sr]k_\S+$/), {
      secret: true,
      doc: 'The secret key (sk_live_…, sk_test_…) or a restricted key (rk_…).',
      message: 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_live_…, sk_test_…) or restricted key (rk_…)',
    }),
    STRIPE_PUBLISHABLE_KEY: setting(z.string().regex(/^pk_\S+$/), {
      doc: 'The publishable key (pk_live_… or pk_test_…).',
      message: 'STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_live_… or pk_test_…)',
    }),
    STRIPE_WEBHOOK_SECRET: setting(z.string().regex(/^whsec_\S+$/), {
      secret: true,
      doc: 'The webhook endpoint signing secret (whsec_…).',
      message: 'STRIPE_WEBHOOK_SECRET must be a Stripe webhook signing secret (whsec_…)',
    }),
    STRIPE_API_URL: setting(httpUrl(), {
      default: 'https://api.stripe.com',
      doc: "Where the server's Stripe SDK sends requests (scheme, host and port). Change it only to point at a test double.",
      message: 'STRIPE_API_URL must be an http:// or https:// URL, such as https://api.stripe.com',
    }),
    STRIPE_JS_URL: setting(httpUrl(), {
      default: 'https://js.stripe.com/v3/',
      doc: 'The Stripe.js script the pricing page loads (allowed by the Content-Security-Policy while payments are on). Change it only to point at a test double.',
      message: 'STRIPE_JS_URL must be an http:// or https:// URL, such as https://js.stripe.com/v3/',
    }),
  },
});
