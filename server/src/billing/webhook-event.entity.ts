import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** 'applied': the event changed a plan (or an intent's status); 'ignored': nothing to do, or it did not match. */
export type WebhookOutcome = 'applied' | 'ignored';

/** A Stripe webhook event already processed: Stripe retries, and an attacker may replay; each id counts once. */
@Entity({ name: 'stripe_webhook_events' })
export class WebhookEventEntity {
  /** Stripe's event id (evt_…). */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_stripe_webhook_events' })
  id!: string;

  @Column({ type: 'text' })
  type!: string;

  @Column({ type: 'text' })
  outcome!: WebhookOutcome;

  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;
}
