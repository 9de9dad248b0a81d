import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, IsNull, LessThan, Repository } from 'typeorm';
import { ADVISORY_LOCK_KEYS } from '../common/database/advisory-lock-keys.catalogue';
import { OutboxMessage } from './outbox-message.entity';

export interface NewOutboxMessage {
  recipient: string;
  subject: string;
  text: string;
  html: string;
}

const OUTBOX_RETRY_LOCK_KEY = ADVISORY_LOCK_KEYS.outboxRetry;

/** The outbox_messages table: the only code of the mail module that talks to TypeORM. */
@Injectable()
export class OutboxRepository {
  constructor(@InjectRepository(OutboxMessage) private readonly messages: Repository<OutboxMessage>) {}

  async add(message: NewOutboxMessage): Promise<OutboxMessage> {
    return this.messages.save(this.messages.create(message));
  }

  /**
   * Stores a message as part of another module's transaction (an alert written together with what
   * it reports): it exists only if that transaction commits. Deliver it after the commit.
   */
  async addWithin(manager: EntityManager, message: NewOutboxMessage): Promise<OutboxMessage> {
    return manager.save(OutboxMessage, manager.create(OutboxMessage, message));
  }

  /**
   * Starts a delivery attempt: counts it, but only if the message is still unsent and nobody else
   * started an attempt since we read it (`attempts` unchanged). False means: leave it alone.
   */
  async claimAttempt(id: string, attemptsSeen: number): Promise<boolean> {
    const result = await this.messages.increment({ id, attempts: attemptsSeen, sentAt: IsNull() }, 'attempts', 1);
    return result.affected === 1;
  }

  async markSent(id: string, sentAt: Date): Promise<void> {
    await this.messages.update({ id }, { sentAt, lastError: null });
  }

  async markFailed(id: string, error: string): Promise<void> {
    await this.messages.update({ id }, { lastError: error });
  }

  /** Removes every message to the address, compared case-insensitively. */
  listByRecipient(address: string): Promise<OutboxMessage[]> {
    return this.messages
      .createQueryBuilder('m')
      .where('lower(m.recipient) = lower(:address)', { address: address.trim() })
      .orderBy('m.createdAt', 'ASC')
      .getMany();
  }

  async deleteByRecipient(address: string): Promise<number> {
    const result = await this.messages
      .createQueryBuilder()
      .delete()
      .where('lower(recipient) = lower(:address)', { address: address.trim() })
      .execute();
    return result.affected ?? 0;
  }

  /** Unsent messages that have had fewer than maxAttempts attempts (and were stored before createdBefore), oldest first. */
  async findPending(limit: number, maxAttempts: number, createdBefore?: Date): Promise<OutboxMessage[]> {
    return this.messages.find({
      where: { sentAt: IsNull(), attempts: LessThan(maxAttempts), ...(createdBefore ? { createdAt: LessThan(createdBefore) } : {}) },
      order: { createdAt: 'ASC' },
      take: limit,
    });
  }

  /**
   * The unsent messages: `pending` may still be sent (fewer than maxAttempts attempts), `failed`
   * will not be retried any more. One count query, for the metrics.
   */
  async countUnsent(maxAttempts: number): Promise<{ pending: number; failed: number }> {
    const row = await this.messages
      .createQueryBuilder('m')
      .select('count(*) FILTER (WHERE m.attempts < :max)::int', 'pending')
      .addSelect('count(*) FILTER (WHERE m.attempts >= :max)::int', 'failed')
      .where('m.sentAt IS NULL')
      .setParameter('max', maxAttempts)
      .getRawOne<{ pending: number; failed: number }>();
    if (!row) return { pending: 0, failed: 0 };
    return { pending: row.pending, failed: row.failed };
  }

  /**
   * Runs `work` while holding the outbox-retry lock (a transaction-scoped advisory lock), so that of
   * several instances on one database only one retries at a time; false when another holds it.
   */
  async withRetryLock(work: () => Promise<unknown>): Promise<boolean> {
    return this.messages.manager.transaction(async (manager) => {
      const [{ locked }] = (await manager.query('SELECT pg_try_advisory_xact_lock($1) AS locked', [OUTBOX_RETRY_LOCK_KEY])) as { locked: boolean }[];
      if (!locked) return false;
      await work();
      return true;
    });
  }
}
