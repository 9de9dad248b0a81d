import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../auth/user.entity';
import type { PlanTier } from '../vocabulary/plan.catalogue';

/** 'created': handed to the browser to confirm; 'succeeded': paid and applied; 'failed': a payment attempt failed. */
export type PaymentIntentStatus = 'created' | 'succeeded' | 'failed';

/**
 * A Stripe PaymentIntent we created: who pays, for which plan, how much. A webhook changes a plan
 * only for an intent found here whose event agrees with it.
 */
@Entity({ name: 'payment_intents' })
@Index('IDX_payment_intents_user_id', ['userId'])
export class PaymentIntentEntity {
  /** Stripe's id (pi_…). */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_payment_intents' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_payment_intents_user_id' })
  user?: UserEntity;

  @Column({ name: 'plan_tier', type: 'text' })
  planTier!: PlanTier;

  @Column({ name: 'amount_cents', type: 'integer' })
  amountCents!: number;

  @Column({ type: 'text' })
  currency!: string;

  @Column({ type: 'text' })
  status!: PaymentIntentStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'succeeded_at', type: 'timestamptz', nullable: true })
  succeededAt!: Date | null;
}
