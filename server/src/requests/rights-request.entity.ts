import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../auth/user.entity';
import type { Jurisdiction, RequestIdentity, RequestKind, RequestStatus } from './request.types';

/**
 * A privacy-rights request of one account. It keeps its own copy of the organisation's contact
 * (the catalogue is replaced weekly) and the person's identifiers the letter needs, nothing more;
 * it goes with the account (ON DELETE CASCADE).
 */
@Entity({ name: 'rights_requests' })
@Index('IDX_rights_requests_user_id_created_at', ['userId', 'createdAt'])
@Index('IDX_rights_requests_status_due_on', ['status', 'dueOn'])
export class RightsRequestEntity {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_rights_requests' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_rights_requests_user_id' })
  user?: UserEntity;

  @Column({ type: 'text' })
  kind!: RequestKind;

  @Column({ type: 'text' })
  jurisdiction!: Jurisdiction;

  /** Lower-case ISO country (or US state) code: picks the supervisory authority. */
  @Column({ type: 'text', nullable: true })
  country!: string | null;

  @Column({ type: 'text' })
  status!: RequestStatus;

  /** The catalogue record it was drafted from, when any. */
  @Column({ name: 'organisation_slug', type: 'text', nullable: true })
  organisationSlug!: string | null;

  @Column({ name: 'organisation_name', type: 'text' })
  organisationName!: string;

  @Column({ name: 'organisation_email', type: 'text', nullable: true })
  organisationEmail!: string | null;

  @Column({ name: 'organisation_webform', type: 'text', nullable: true })
  organisationWebform!: string | null;

  @Column({ name: 'needs_id_document', type: 'boolean', default: false })
  needsIdDocument!: boolean;

  @Column({ type: 'jsonb' })
  identity!: RequestIdentity;

  /** The finding it answers ("the Adobe breach"), when it came from one. */
  @Column({ type: 'text', nullable: true })
  context!: string | null;

  @Column({ type: 'text', default: '' })
  notes!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  /** The day the person sent it (or downloaded it to send): the period runs from here. */
  @Column({ name: 'sent_on', type: 'date', nullable: true })
  sentOn!: string | null;

  @Column({ name: 'due_on', type: 'date', nullable: true })
  dueOn!: string | null;

  /** The organisation extended the period (it must say so within the first period). */
  @Column({ type: 'boolean', default: false })
  extended!: boolean;

  @Column({ name: 'answered_on', type: 'date', nullable: true })
  answeredOn!: string | null;

  /** Reminders already sent, so that each goes once: 'soon' (3 days before), 'due' (the day after). */
  @Column({ name: 'reminders_sent', type: 'text', array: true, default: '{}' })
  remindersSent!: string[];
}
