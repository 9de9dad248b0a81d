import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { isEmail } from 'class-validator';
import { createTransport } from 'nodemailer';
import type { Counter } from 'prom-client';
import { AppConfig, parseMailbox } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';
import { retryWhileUnavailable } from '../common/database/database-errors.util';
import { MetricsService } from '../common/metrics/metrics.service';
import { describeMailError, withoutAddresses } from './mail-errors.util';
import { ExportedMail, Mailer, MailMessage } from './mail.types';
import { OutboxMessage } from './outbox-message.entity';
import { NewOutboxMessage, OutboxRepository } from './outbox.repository';

/** Timeouts of one SMTP conversation (nodemailer's defaults are minutes). */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;
/** After this many failed attempts an unsent message is no longer retried by deliverPending. */
export const MAX_DELIVERY_ATTEMPTS = 5;
/** The most messages one deliverPending call handles. */
export const MAX_PENDING_BATCH = 100;
/** Unsent messages younger than this are left to their first attempt (longer than SMTP_TIMEOUTS together). */
export const RETRY_AFTER_MS = 2 * 60_000;
/** How long shutdown waits for deliveries in progress (the messages stay in the outbox anyway). */
const SHUTDOWN_WAIT_MS = 5_000;

interface Address {
  name: string;
  address: string;
}

/** The part of nodemailer's transporter this service uses. */
interface SmtpTransport {
  sendMail(message: { from: Address; to: Address; subject: string; text: string; html: string }): Promise<unknown>;
  close(): void;
}

export interface DeliveryReport {
  /** Messages an attempt was made for. */
  attempted: number;
  sent: number;
  failed: number;
}

/**
 * Sends email. Every message is first written to the outbox table, so nothing is lost. With
 * SMTP_URL set, it is then delivered in the background through nodemailer and marked sent; a failure
 * is recorded on the row (attempts, lastError) and logged, and deliverPending() retries later.
 * Without SMTP_URL the message stays in the outbox and one log line notes it.
 *
 * send() resolves once the message is stored: a mail server that is slow or down never fails or
 * delays the caller. It rejects only when the message could not be stored (or is malformed).
 * Delivery is at least once: a crash between the SMTP server's acceptance and the row's update
 * means the message can be sent again.
 *
 * Logs carry the outbox id and the subject, never the recipient or the body.
 */
@Injectable()
export class MailService extends Mailer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(MailService.name);
  private readonly transport?: SmtpTransport;
  private readonly from: Address;
  private readonly deliveries = new Map<string, Promise<boolean>>();
  private readonly attempts: Counter<'result'>;
  private readonly production: boolean;
  private readonly development: boolean;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly outbox: OutboxRepository,
    metrics: MetricsService,
  ) {
    super();
    this.production = config.env === 'production';
    this.development = config.env === 'development';
    this.attempts = metrics.counter('mail_delivery_attempts_total', 'SMTP delivery attempts of this instance, by result: sent or failed.', ['result'] as const);
    // Database-wide: every instance reports the same counts (aggregate with max, not sum).
    metrics.sourcedGauge('mail_outbox_messages', 'Unsent emails in the outbox (database-wide), by state: pending (will be retried) or failed (gave up after the last attempt).', ['state'] as const, async () => {
      const { pending, failed } = await outbox.countUnsent(MAX_DELIVERY_ATTEMPTS);
      return [
        { labels: { state: 'pending' }, value: pending },
        { labels: { state: 'failed' }, value: failed },
      ];
    });
    const from = parseMailbox(config.mailFrom);
    if (!from) throw new Error('MAIL_FROM must be an email address, optionally with a name'); // loadConfig checked it
    this.from = { name: from.name ?? '', address: from.address };
    if (config.smtpUrl) {
      this.transport = createTransport({
        url: config.smtpUrl,
        ...SMTP_TIMEOUTS,
        // Messages are plain strings; never let content make nodemailer read files or fetch URLs.
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    }
  }

  onApplicationBootstrap(): void {
    if (this.transport) return;
    const line = 'SMTP_URL is not set: NO EMAIL IS SENT (sign-up verification, password resets and monitor alerts stay in the outbox_messages table)';
    // In production this is almost always a mistake, so it is a warning there.
    if (this.production) this.logger.warn(line);
    else this.logger.log(line);
  }

  /** Whether messages are sent (SMTP_URL set) or only kept in the outbox. */
  override get sendsMail(): boolean {
    return this.transport !== undefined;
  }

  override async send(message: MailMessage): Promise<void> {
    const stored = await this.outbox.add(this.outboxRow(message));
    this.deliverStored(stored);
    this.logLinkInDevelopment(stored, message.link);
  }

  /**
   * Without a mail transport, a developer still needs the verification or reset link: in development
   * (NODE_ENV=development) only, it goes to the log at info level, without the recipient. Elsewhere
   * the operator prints one with `npm run mail-link` (docs/MAIL.md).
   */
  private logLinkInDevelopment(stored: OutboxMessage, link: string | undefined): void {
    if (this.transport || !this.development || !link) return;
    this.logger.log(`email ${stored.id} not sent (no SMTP_URL); its link, for development only: ${link}`);
  }

  /**
   * The outbox row of a message, checked like send() checks it, for a caller that stores it in its
   * own transaction (OutboxRepository.addWithin) and calls deliverStored() once that committed.
   */
  outboxRow(message: MailMessage): NewOutboxMessage {
    const recipient = message.to.trim();
    if (!isEmail(recipient, { require_tld: false }) || recipient.length > 320) {
      throw new Error('Mailer.send: "to" must be one email address');
    }
    return { recipient, subject: message.subject, text: message.text, html: message.html };
  }

  /** Starts delivering a stored message in the background (without SMTP_URL it stays in the outbox). */
  deliverStored(stored: OutboxMessage): void {
    if (!this.transport) {
      this.logger.log(`email ${stored.id} queued in the outbox, not sent (SMTP_URL is not set): ${this.subjectForLog(stored)}`);
      return;
    }
    void this.deliver(stored);
  }

  override async sentTo(address: string): Promise<ExportedMail[]> {
    return (await this.outbox.listByRecipient(address)).map((m) => ({ subject: m.subject, createdAt: m.createdAt.toISOString(), sentAt: m.sentAt?.toISOString() ?? null }));
  }

  override async forgetRecipient(address: string): Promise<number> {
    return this.outbox.deleteByRecipient(address);
  }

  /**
   * Retries unsent outbox messages, oldest first: at most `limit` of them (capped at 100), each at
   * most MAX_DELIVERY_ATTEMPTS times in all. Stops early when the mail server cannot be reached.
   * Does nothing without SMTP_URL.
   */
  async deliverPending(limit = 20, createdBefore?: Date): Promise<DeliveryReport> {
    const report: DeliveryReport = { attempted: 0, sent: 0, failed: 0 };
    if (!this.transport) return report;
    const batch = Math.max(0, Math.min(Math.floor(limit), MAX_PENDING_BATCH));
    if (batch === 0) return report;
    const pending = await this.outbox.findPending(batch, MAX_DELIVERY_ATTEMPTS, createdBefore);
    for (const message of pending) {
      if (this.deliveries.has(message.id)) continue;
      const outcome = await this.deliver(message);
      if (outcome === 'skipped') continue;
      report.attempted += 1;
      if (outcome === 'sent') {
        report.sent += 1;
      } else {
        report.failed += 1;
        if (outcome === 'server unavailable') break;
      }
    }
    if (report.attempted > 0) {
      this.logger.log(`outbox retry: ${report.sent} sent, ${report.failed} failed of ${report.attempted} attempted`);
    }
    return report;
  }

  /**
   * Run every few minutes (OutboxRetryScheduler): one instance at a time retries what was stored but never sent: a delivery
   * that failed, or one that a crash cut short after the message was committed (a monitor alert,
   * say). Only messages older than RETRY_AFTER_MS: younger ones may still be in their first
   * attempt on the instance that stored them, and retrying those would send them twice.
   */
  async retryUnsent(now: Date = new Date()): Promise<DeliveryReport | undefined> {
    if (!this.transport) return undefined;
    let report: DeliveryReport | undefined;
    try {
      await this.outbox.withRetryLock(async () => {
        report = await this.deliverPending(MAX_PENDING_BATCH, new Date(now.getTime() - RETRY_AFTER_MS));
      });
    } catch (err) {
      this.logger.error(`outbox retry failed: ${describeMailError(err).summary}`);
    }
    return report;
  }

  /** Resolves when no delivery is in progress (tests; shutdown). */
  async whenIdle(): Promise<void> {
    while (this.deliveries.size > 0) await Promise.allSettled([...this.deliveries.values()]);
  }

  async beforeApplicationShutdown(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, SHUTDOWN_WAIT_MS);
    });
    await Promise.race([this.whenIdle(), waited]);
    clearTimeout(timer);
    this.transport?.close();
  }

  /** One delivery attempt of a stored message; never throws. */
  private deliver(message: OutboxMessage): Promise<'sent' | 'failed' | 'server unavailable' | 'skipped'> {
    const attempt = this.attempt(message).catch((err: unknown) => {
      // Only the database can fail here (the SMTP errors are handled in attempt()).
      this.logger.error(`email ${message.id}: outbox update failed: ${describeMailError(err).summary}`);
      return 'failed' as const;
    });
    const tracked = attempt.then((outcome) => outcome === 'sent');
    this.deliveries.set(message.id, tracked);
    void tracked.finally(() => this.deliveries.delete(message.id));
    return attempt;
  }

  private async attempt(message: OutboxMessage): Promise<'sent' | 'failed' | 'server unavailable' | 'skipped'> {
    const transport = this.transport;
    if (!transport) return 'skipped';
    if (!(await this.outbox.claimAttempt(message.id, message.attempts))) return 'skipped';
    const attempt = message.attempts + 1;
    try {
      await transport.sendMail({
        from: this.from,
        // An address object: nodemailer does not parse it, so it is exactly one recipient.
        to: { name: '', address: message.recipient },
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    } catch (err) {
      const { summary, serverUnavailable } = describeMailError(err);
      this.logger.warn(`email ${message.id} not sent (attempt ${attempt}; kept in the outbox): ${summary}`);
      this.attempts.inc({ result: 'failed' });
      await retryWhileUnavailable(() => this.outbox.markFailed(message.id, summary));
      return serverUnavailable ? 'server unavailable' : 'failed';
    }
    this.attempts.inc({ result: 'sent' });
    // Sent: losing this write to a busy pool would have the retry send the message again.
    const sentAt = new Date();
    await retryWhileUnavailable(() => this.outbox.markSent(message.id, sentAt));
    this.logger.log(`email ${message.id} sent (attempt ${attempt}): ${this.subjectForLog(message)}`);
    return 'sent';
  }

  /** Subjects are ours, but should one ever quote an address, it stays out of the log. */
  private subjectForLog(message: OutboxMessage): string {
    return JSON.stringify(withoutAddresses(message.subject));
  }
}
