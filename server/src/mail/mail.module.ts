import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailService } from './mail.service';
import { Mailer } from './mail.types';
import { OutboxMessage } from './outbox-message.entity';
import { OutboxRepository } from './outbox.repository';
import { OutboxRetryScheduler } from './outbox-retry.scheduler';

/**
 * Outgoing email. Other modules inject `Mailer` (mail.types.ts) and build messages with
 * mail-templates.renderer.ts; MailService is exported too for deliverPending().
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([OutboxMessage])],
  providers: [OutboxRepository, MailService, { provide: Mailer, useExisting: MailService }, OutboxRetryScheduler],
  // OutboxRepository: for modules that store an email in their own transaction (addWithin).
  exports: [Mailer, MailService, OutboxRepository],
})
export class MailModule {}
