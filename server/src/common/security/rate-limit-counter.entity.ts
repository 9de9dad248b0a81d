import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One fixed window of one rate-limit key (a rule name plus a hashed subject: an IP, an email, a user). */
@Entity({ name: 'rate_limit_counters' })
@Index('IDX_rate_limit_counters_window_start', ['windowStart'])
export class RateLimitCounterEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_rate_limit_counters' })
  key!: string;

  @PrimaryColumn({ name: 'window_start', type: 'timestamptz', primaryKeyConstraintName: 'PK_rate_limit_counters' })
  windowStart!: Date;

  @Column({ type: 'integer' })
  count!: number;
}
