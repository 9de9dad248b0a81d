import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { BreachSourceId } from '../../vocabulary/breach-source.catalogue';

/** pwn_count is a bigint (text on the wire); every real count fits a JavaScript number. */
const bigintAsNumber = {
  to: (value: number) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/**
 * One breach of a breach source's public catalogue (HIBP's and XposedOrNot's `/breaches`), as last
 * fetched: the fields we show. Each refresh replaces its source's rows (breach-catalogue.service.ts).
 */
@Entity({ name: 'breach_catalogue' })
@Index('IDX_breach_catalogue_domain', ['domain'])
export class BreachCatalogueEntity {
  /** Whose catalogue: 'hibp' or 'xposedornot'. */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_breach_catalogue' })
  source!: BreachSourceId;

  /** The source's stable name of the breach ("Adobe"). */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'PK_breach_catalogue' })
  name!: string;

  @Column({ type: 'text' })
  title!: string;

  /** The breached site's domain, lower-cased; empty for breaches not tied to one site. */
  @Column({ type: 'text' })
  domain!: string;

  /** When the breach happened (a day, as HIBP gives it). */
  @Column({ name: 'breach_date', type: 'date' })
  breachDate!: string;

  /** Null when the source does not say (XposedOrNot gives no modification date). */
  @Column({ name: 'added_date', type: 'timestamptz', nullable: true })
  addedDate!: Date | null;

  @Column({ name: 'modified_date', type: 'timestamptz', nullable: true })
  modifiedDate!: Date | null;

  @Column({ name: 'pwn_count', type: 'bigint', transformer: bigintAsNumber })
  pwnCount!: number;

  /** The source's description: HIBP's is HTML with links, XposedOrNot's plain text. */
  @Column({ type: 'text' })
  description!: string;

  @Column({ name: 'data_classes', type: 'jsonb' })
  dataClasses!: string[];

  @Column({ name: 'is_verified', type: 'boolean' })
  isVerified!: boolean;

  @Column({ name: 'is_fabricated', type: 'boolean' })
  isFabricated!: boolean;

  @Column({ name: 'is_sensitive', type: 'boolean' })
  isSensitive!: boolean;

  @Column({ name: 'is_retired', type: 'boolean' })
  isRetired!: boolean;

  @Column({ name: 'is_spam_list', type: 'boolean' })
  isSpamList!: boolean;

  @Column({ name: 'is_malware', type: 'boolean', default: false })
  isMalware!: boolean;

  @Column({ name: 'is_stealer_log', type: 'boolean', default: false })
  isStealerLog!: boolean;

  @Column({ name: 'is_subscription_free', type: 'boolean', default: false })
  isSubscriptionFree!: boolean;
}
