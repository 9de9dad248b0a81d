import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../auth/user.entity';

/** 'server': drawn by GET; 'client': the variant a client chose itself and posted back. */
export type AssignmentSource = 'server' | 'client';

/**
 * The sticky variant of one A/B test for one subject: a user (`user:<id>`) or a visitor
 * (`visitor:<SHA-256 of the random cookie>`). Nothing personal is kept about visitors.
 */
@Entity({ name: 'ab_test_assignments' })
@Index('IDX_ab_test_assignments_user_id', ['userId'])
@Index('IDX_ab_test_assignments_assigned_at', ['assignedAt'])
export class AbTestAssignmentEntity {
  @PrimaryColumn({ name: 'test_name', type: 'text', primaryKeyConstraintName: 'PK_ab_test_assignments' })
  testName!: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_ab_test_assignments' })
  subject!: string;

  /** Set for users' assignments, so they go with the account. */
  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_ab_test_assignments_user_id' })
  user?: UserEntity;

  @Column({ type: 'text' })
  variant!: string;

  @Column({ name: 'chosen_by', type: 'text' })
  chosenBy!: AssignmentSource;

  @Column({ name: 'assigned_at', type: 'timestamptz' })
  assignedAt!: Date;
}
