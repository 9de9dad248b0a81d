import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Secrets the app generates for itself when none is configured, shared by every instance. */
@Entity({ name: 'app_secrets' })
export class AppSecretEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_app_secrets' })
  name!: string;

  @Column({ type: 'text' })
  value!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
