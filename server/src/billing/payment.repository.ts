import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { PaymentIntentEntity } from './payment-intent.entity';
import type { PlanTier, StoredPlan } from '../vocabulary/plan.catalogue';
import { WebhookEventEntity, WebhookOutcome } from './webhook-event.entity';

export interface NewPaymentIntent {
  id: string;
  userId: string;
  planTier: PlanTier;
  amountCents: number;
  currency: string;
}

/** 'duplicate': the event was processed before; 'already-paid': another event already applied this intent. */
export type ApplyOutcome = { kind: 'applied'; plan: StoredPlan } | { kind: 'duplicate' } | { kind: 'already-paid' } | { kind: 'no-user' };

/** Our PaymentIntents, the webhook events processed, and the plan change a payment makes — atomically. */
@Injectable()
export class PaymentRepository {
  constructor(@InjectRepository(PaymentIntentEntity) private readonly intents: Repository<PaymentIntentEntity>) {}

  async createIntent(intent: NewPaymentIntent): Promise<void> {
    await this.intents.insert({ ...intent, status: 'created', succeededAt: null });
  }

  findIntent(id: string): Promise<PaymentIntentEntity | null> {
    return this.intents.findOneBy({ id });
  }

  listOfUser(userId: string): Promise<PaymentIntentEntity[]> {
    return this.intents.find({ where: { userId }, order: { createdAt: 'DESC' } });
  }

  async isProcessed(eventId: string): Promise<boolean> {
    return (await this.intents.manager.countBy(WebhookEventEntity, { id: eventId })) > 0;
  }

  /** Records an event that changes nothing; false when it had been processed already. */
  recordEvent(eventId: string, type: string, outcome: WebhookOutcome): Promise<boolean> {
    return this.intents.manager.transaction((m) => insertEvent(m, eventId, type, outcome));
  }

  /** A failed payment attempt: the intent is marked failed (the customer may try again with it). */
  async recordFailedPayment(eventId: string, type: string, intentId: string): Promise<boolean> {
    return this.intents.manager.transaction(async (m) => {
      if (!(await insertEvent(m, eventId, type, 'applied'))) return false;
      await m.update(PaymentIntentEntity, { id: intentId, status: 'created' }, { status: 'failed' });
      return true;
    });
  }

  /**
   * In one transaction: records the event (a replay stops here), locks the intent (a second event
   * for an intent already paid changes nothing), then `changePlan` sets the user's plan in the same
   * transaction (auth owns the users table: the service passes auth's change in). A failure rolls
   * everything back, so Stripe's retry can succeed.
   */
  applySucceededPayment(args: {
    eventId: string;
    eventType: string;
    intentId: string;
    paidAt: Date;
    changePlan: (manager: EntityManager) => Promise<StoredPlan | undefined>;
  }): Promise<ApplyOutcome> {
    return this.intents.manager.transaction(async (m): Promise<ApplyOutcome> => {
      if (!(await insertEvent(m, args.eventId, args.eventType, 'applied'))) return { kind: 'duplicate' };
      const intent = await m.findOne(PaymentIntentEntity, { where: { id: args.intentId }, lock: { mode: 'pessimistic_write' } });
      if (intent?.status === 'succeeded') {
        await m.update(WebhookEventEntity, { id: args.eventId }, { outcome: 'ignored' });
        return { kind: 'already-paid' };
      }
      const plan = await args.changePlan(m);
      if (!plan) {
        await m.update(WebhookEventEntity, { id: args.eventId }, { outcome: 'ignored' });
        return { kind: 'no-user' };
      }
      await m.update(PaymentIntentEntity, { id: args.intentId }, { status: 'succeeded', succeededAt: args.paidAt });
      return { kind: 'applied', plan };
    });
  }
}

/** INSERT … ON CONFLICT DO NOTHING: true when this call recorded the event. */
async function insertEvent(m: EntityManager, id: string, type: string, outcome: WebhookOutcome): Promise<boolean> {
  const result = await m
    .createQueryBuilder()
    .insert()
    .into(WebhookEventEntity)
    .values({ id, type, outcome })
    .orIgnore()
    .returning(['id'])
    .execute();
  return (result.raw as unknown[]).length > 0;
}
