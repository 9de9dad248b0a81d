import { Injectable } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { MailService } from './mail.service';

/**
 * Fires MailService.retryUnsent every five minutes. Its own provider: MailService is also
 * registered as Mailer (useExisting), and a @Cron on it would be found twice.
 */
@Injectable()
export class OutboxRetryScheduler {
  constructor(private readonly mail: MailService) {}

  @Cron('*/5 * * * *', { name: 'outbox-retry' })
  async retryUnsent(): Promise<void> {
    await this.mail.retryUnsent();
  }
}
