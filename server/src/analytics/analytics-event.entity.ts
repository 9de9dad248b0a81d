import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../auth/user.entity';
import type { AnalyticsEventName } from './analytics-event.catalogue';

/** One first-party analytics event of a signed-in user; the parameters are whitelisted and size-capped. */
@Entity({ name: 'analytics_events' })
@Index('IDX_analytics_events_occurred_at', ['occurredAt'])
@Index('IDX_analytics_events_user_id', ['userId'])
export class AnalyticsEventEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_analytics_events' })
  id!: string;

  /** From the access token, never from the request body. */
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_analytics_events_user_id' })
  user?: UserEntity;

  @Column({ type: 'text' })
  event!: AnalyticsEventName;

  @Column({ type: 'jsonb' })
  parameters!: Record<string, string | number>;

  /** When the server received it (the client's own timestamp is one of the parameters). */
  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;
}
