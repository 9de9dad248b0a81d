import { createHmac, randomBytes } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { LocalHttpServer } from './local-server';

/** Stripe's test cards that the fake knows (https://docs.stripe.com/testing). */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
} as const;

export type FakeIntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'succeeded';

/** A PaymentIntent as the Stripe API describes it (the fields the app and Stripe.js read). */
export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  description: string | null;
  metadata: Record<string, string>;
  status: FakeIntentStatus;
  client_secret: string;
  payment_method: string | null;
  allowed_payment_method_types: string[];
  last_payment_error: StripeErrorBody | null;
  created: number;
  livemode: false;
}

export interface StripeErrorBody {
  type: 'card_error' | 'invalid_request_error' | 'api_error' | 'authentication_error';
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
}

/** An event as Stripe posts it to a webhook endpoint. */
export interface FakeStripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: FakePaymentIntent };
}

/** One request the fake received. */
export interface FakeStripeRequest {
  method: string;
  path: string;
  /** Which key authenticated it. */
  key: 'secret' | 'publishable' | 'none' | 'wrong';
  form: Record<string, unknown>;
  idempotencyKey?: string;
  origin?: string;
}

/** One webhook delivery attempt and the app's answer. */
export interface WebhookDelivery {
  eventId: string;
  type: string;
  status: number;
  body: string;
}

interface FakePaymentMethod {
  id: string;
  number: string;
}

const API_VERSION = '2026-10-28.endive';
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const unix = () => Math.floor(Date.now() / 1000);

/**
 * The Stripe REST API on 127.0.0.1, speaking what the stripe SDK and Stripe.js send: form-encoded
 * POST /v1/payment_intents (with metadata and Idempotency-Key), GET /v1/payment_intents/:id,
 * POST /v1/payment_methods, POST /v1/payment_intents/:id/confirm, Bearer secret or publishable
 * keys, CORS for the browser, Stripe's error bodies. Test card 4242… succeeds, 4000000000000002 is
 * declined. A succeeded confirmation POSTs `payment_intent.succeeded` to `webhookUrl`, signed as
 * Stripe signs (`Stripe-Signature: t=…,v1=hex(HMAC-SHA256(secret, t + '.' + payload))`).
 */
export class FakeStripeApi {
  readonly secretKey = `sk_test_fake${randomBytes(8).toString('hex')}`;
  readonly publishableKey = `pk_test_fake${randomBytes(8).toString('hex')}`;
  readonly webhookSecret = `whsec_fake${randomBytes(16).toString('hex')}`;
  /** Where succeeded and failed payments are reported; unset: events are kept but not sent. */
  webhookUrl?: string;
  /** Every API answer waits this long first. */
  delayMs = 0;
  /** How long after a confirmation its event is delivered (Stripe sends webhooks asynchronously). */
  webhookDelayMs = 0;
  /** The next delivery is signed with another secret (the app must refuse it). */
  badSignatureNext = false;
  /** Every POST /v1/payment_intents fails with this Stripe error and status (until resetBehaviour). */
  createFailure?: { status: number; error: StripeErrorBody };

  readonly intents = new Map<string, FakePaymentIntent>();
  readonly requests: FakeStripeRequest[] = [];
  readonly events: FakeStripeEvent[] = [];
  readonly deliveries: WebhookDelivery[] = [];

  private readonly paymentMethods = new Map<string, FakePaymentMethod>();
  private readonly idempotent = new Map<string, FakePaymentIntent>();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly http = new LocalHttpServer('FakeStripeApi', (req, res) => {
    this.handle(req, res).catch((err: unknown) => {
      send(res, 500, { error: { type: 'api_error', message: err instanceof Error ? err.message : String(err) } });
    });
  });

  get baseUrl(): string {
    return this.http.origin;
  }

  /** The environment that points the app at this fake (Stripe.js URL not included: see FakeStripeJs). */
  get env(): Record<string, string> {
    return {
      STRIPE_API_URL: this.baseUrl,
      STRIPE_SECRET_KEY: this.secretKey,
      STRIPE_PUBLISHABLE_KEY: this.publishableKey,
      STRIPE_WEBHOOK_SECRET: this.webhookSecret,
    };
  }

  async start(): Promise<this> {
    await this.http.start();
    return this;
  }

  async stop(): Promise<void> {
    await this.settled();
    await this.http.stop();
  }

  /** Forgets requests, deliveries and misbehaviour (not the intents). */
  resetBehaviour(): void {
    this.delayMs = 0;
    this.webhookDelayMs = 0;
    this.badSignatureNext = false;
    this.createFailure = undefined;
    this.requests.length = 0;
    this.deliveries.length = 0;
  }

  /** Waits until every webhook delivery under way has been answered. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  /** Resolves once `count` deliveries were answered (or throws after `timeoutMs`). */
  async waitForDeliveries(count: number, timeoutMs = 5_000): Promise<WebhookDelivery[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.deliveries.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} webhook deliveries, got ${this.deliveries.length}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.deliveries.slice(0, count);
  }

  /** The Stripe-Signature header for `payload`, as Stripe computes it. */
  signatureFor(payload: string, secret = this.webhookSecret, timestamp = unix()): string {
    const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
    return `t=${timestamp},v1=${v1}`;
  }

  /** A `payment_intent.*` event for an intent (its current state, with optional changes). */
  eventFor(type: string, intentId: string, changes: Partial<FakePaymentIntent> = {}): FakeStripeEvent {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`no intent ${intentId}`);
    return {
      id: id('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: unix(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: id('req'), idempotency_key: null },
      data: { object: { ...intent, ...changes, metadata: { ...intent.metadata, ...(changes.metadata ?? {}) } } },
    };
  }

  /** The JSON Stripe would post for an event, and its signature header. */
  signed(event: FakeStripeEvent, options: { badSignature?: boolean } = {}): { payload: string; signature: string } {
    const payload = JSON.stringify(event, null, 2);
    const secret = options.badSignature ? `whsec_other${randomBytes(8).toString('hex')}` : this.webhookSecret;
    return { payload, signature: this.signatureFor(payload, secret) };
  }

  /** Posts an event to webhookUrl now; answers the app's status. */
  async deliver(event: FakeStripeEvent, options: { badSignature?: boolean } = {}): Promise<number> {
    if (!this.webhookUrl) throw new Error('FakeStripeApi.webhookUrl is not set');
    if (!this.events.some((e) => e.id === event.id)) this.events.push(event);
    const { payload, signature } = this.signed(event, options);
    const res = await fetch(this.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signature,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
    });
    const body = await res.text();
    this.deliveries.push({ eventId: event.id, type: event.type, status: res.status, body });
    return res.status;
  }

  /** Sends an earlier event again, unchanged (same id), freshly signed: what a replay attack or Stripe's retry looks like. */
  replay(eventId = this.events.at(-1)?.id): Promise<number> {
    const event = this.events.find((e) => e.id === eventId);
    if (!event) throw new Error('no event to replay');
    return this.deliver(event);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': 'authorization, content-type, stripe-version, idempotency-key',
        'access-control-max-age': '600',
      });
      res.end();
      return;
    }
    const form = parseForm(await readBody(req));
    for (const [name, value] of url.searchParams) form[name] ??= value;
    const key = this.keyOf(req.headers.authorization);
    const idempotencyKey = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
    const origin = typeof req.headers.origin === 'string' ? req.headers.origin : undefined;
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, key, form, idempotencyKey, origin });
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs).unref());

    if (key === 'none' || key === 'wrong') {
      return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: ****' } });
    }
    const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(url.pathname);
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') return this.createIntent(res, key, form, idempotencyKey);
    if (req.method === 'POST' && url.pathname === '/v1/payment_methods') return this.createPaymentMethod(res, form);
    if (req.method === 'POST' && confirm) return this.confirmIntent(res, key, decodeURIComponent(confirm[1]), form);
    if (req.method === 'GET' && retrieve) return this.retrieveIntent(res, key, decodeURIComponent(retrieve[1]), form);
    return send(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname}).` } });
  }

  private keyOf(authorization: string | undefined): FakeStripeRequest['key'] {
    const match = /^Bearer (\S+)$/.exec(authorization ?? '');
    if (!match) return 'none';
    if (match[1] === this.secretKey) return 'secret';
    if (match[1] === this.publishableKey) return 'publishable';
    return 'wrong';
  }

  private createIntent(res: ServerResponse, key: FakeStripeRequest['key'], form: Record<string, unknown>, idempotencyKey?: string) {
    if (key !== 'secret') return send(res, 401, { error: { type: 'invalid_request_error', message: 'This API call cannot be made with a publishable API key.' } });
    if (this.createFailure) return send(res, this.createFailure.status, { error: this.createFailure.error });
    if (idempotencyKey && this.idempotent.has(idempotencyKey)) return send(res, 200, this.idempotent.get(idempotencyKey));
    const amount = Number(form.amount);
    if (!Number.isInteger(amount) || amount < 50) {
      return send(res, 400, { error: { type: 'invalid_request_error', code: 'amount_too_small', param: 'amount', message: 'Amount must be at least $0.50 usd' } });
    }
    if (typeof form.currency !== 'string') {
      return send(res, 400, { error: { type: 'invalid_request_error', code: 'parameter_missing', param: 'currency', message: 'Missing required param: currency.' } });
    }
    const intentId = id('pi');
    const metadata = (form.metadata ?? {}) as Record<string, string>;
    const intent: FakePaymentIntent = {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: form.currency,
      description: typeof form.description === 'string' ? form.description : null,
      metadata,
      status: 'requires_payment_method',
      client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
      payment_method: null,
      allowed_payment_method_types: Array.isArray(form.allowed_payment_method_types) ? (form.allowed_payment_method_types as string[]) : ['card'],
      last_payment_error: null,
      created: unix(),
      livemode: false,
    };
    this.intents.set(intentId, intent);
    if (idempotencyKey) this.idempotent.set(idempotencyKey, intent);
    return send(res, 200, intent);
  }

  private retrieveIntent(res: ServerResponse, key: FakeStripeRequest['key'], intentId: string, form: Record<string, unknown>) {
    const intent = this.intents.get(intentId);
    if (!intent || (key === 'publishable' && form.client_secret !== intent.client_secret)) return missing(res, intentId);
    return send(res, 200, intent);
  }

  private createPaymentMethod(res: ServerResponse, form: Record<string, unknown>) {
    const card = (form.card ?? {}) as Record<string, string>;
    const number = String(card.number ?? '').replace(/\s+/g, '');
    if (form.type !== 'card') {
      return send(res, 400, { error: { type: 'invalid_request_error', param: 'type', message: 'Invalid type: must be card.' } });
    }
    if (number !== TEST_CARDS.succeeds && number !== TEST_CARDS.declined) {
      return send(res, 402, { error: { type: 'card_error', code: 'incorrect_number', param: 'number', message: 'Your card number is incorrect.' } });
    }
    const method: FakePaymentMethod = { id: id('pm'), number };
    this.paymentMethods.set(method.id, method);
    return send(res, 200, { id: method.id, object: 'payment_method', type: 'card', card: { brand: 'visa', last4: number.slice(-4), exp_month: 12, exp_year: 2034 } });
  }

  private confirmIntent(res: ServerResponse, key: FakeStripeRequest['key'], intentId: string, form: Record<string, unknown>) {
    const intent = this.intents.get(intentId);
    if (!intent || (key === 'publishable' && form.client_secret !== intent.client_secret)) return missing(res, intentId);
    if (intent.status === 'succeeded') {
      return send(res, 400, {
        error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'This PaymentIntent has already succeeded.' },
      });
    }
    const method = typeof form.payment_method === 'string' ? this.paymentMethods.get(form.payment_method) : undefined;
    if (!method) {
      return send(res, 400, { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_method', message: 'No such PaymentMethod.' } });
    }
    intent.payment_method = method.id;
    if (method.number === TEST_CARDS.declined) {
      const error: StripeErrorBody = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
      intent.status = 'requires_payment_method';
      intent.last_payment_error = error;
      this.report('payment_intent.payment_failed', intent.id);
      return send(res, 402, { error: { ...error, payment_intent: intent } });
    }
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.last_payment_error = null;
    this.report('payment_intent.succeeded', intent.id);
    return send(res, 200, intent);
  }

  /** Like Stripe: the event is sent after the API has answered, and the answer does not wait for it. */
  private report(type: string, intentId: string) {
    const event = this.eventFor(type, intentId);
    this.events.push(event);
    if (!this.webhookUrl) return;
    const badSignature = this.badSignatureNext;
    this.badSignatureNext = false;
    const delivery = new Promise((r) => setTimeout(r, this.webhookDelayMs))
      .then(() => this.deliver(event, { badSignature }))
      .catch((err: unknown) => {
        this.deliveries.push({ eventId: event.id, type, status: 0, body: err instanceof Error ? err.message : String(err) });
      });
    this.pending.add(delivery);
    void delivery.finally(() => this.pending.delete(delivery));
  }
}

function missing(res: ServerResponse, intentId: string) {
  return send(res, 404, {
    error: { type: 'invalid_request_error', code: 'resource_missing', param: 'intent', message: `No such payment_intent: '${intentId}'` },
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), 'request-id': id('req') });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * Stripe's form encoding: `a=1&metadata[userId]=x&allowed_payment_method_types[0]=card` →
 * `{a: '1', metadata: {userId: 'x'}, allowed_payment_method_types: ['card']}`.
 */
export function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const [head, ...path] = rawKey.split('[').map((part, i) => (i === 0 ? part : part.replace(/\]$/, '')));
    let target = out;
    const keys = [head, ...path];
    keys.forEach((key, i) => {
      if (i === keys.length - 1) {
        if (Array.isArray(target)) (target as unknown[]).push(value);
        else target[key] = value;
        return;
      }
      const nextIsIndex = /^\d*$/.test(keys[i + 1]);
      target[key] ??= nextIsIndex ? [] : {};
      target = target[key] as Record<string, unknown>;
    });
  }
  return out;
}
