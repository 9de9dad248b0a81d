import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One outside service's request queue, shared by every instance: the turns it handed out recently
 * (epoch ms, oldest first, at most as many as its largest limit needs), the times requests really
 * went out (a turn taken late, after a busy moment, must not go out beside others taken late) and,
 * after the service answered 429, until when it asked us to wait.
 */
@Entity({ name: 'outbound_request_queues' })
export class OutboundQueueEntity {
  /** The service: 'hibp', 'xposedornot'. */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_outbound_request_queues' })
  service!: string;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  slots!: number[];

  @Column({ type: 'jsonb', default: () => "'[]'" })
  sent!: number[];

  @Column({ name: 'blocked_until', type: 'timestamptz', nullable: true })
  blockedUntil!: Date | null;
}
