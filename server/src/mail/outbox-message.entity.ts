import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One outgoing email. Every message is stored here before it is sent, so none is lost when the mail
 * server is down or not configured; `sentAt` is set once the SMTP server has accepted it.
 */
@Entity({ name: 'outbox_messages' })
@Index('IDX_outbox_messages_pending', ['createdAt'], { where: '"sentAt" IS NULL' })
export class OutboxMessage {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_outbox_messages' })
  id!: string;

  @Column({ type: 'varchar', length: 320 })
  recipient!: string;

  @Column({ type: 'text' })
  subject!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'text' })
  html!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  /** Delivery attempts made so far (counted when an attempt starts). */
  @Column({ type: 'int', default: 0 })
  attempts!: number;

  /** Why the last attempt failed: the error code and a message with addresses removed. */
  @Column({ type: 'text', nullable: true })
  lastError!: string | null;
}
