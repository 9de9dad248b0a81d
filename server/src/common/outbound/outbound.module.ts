import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OutboundQueueEntity } from './outbound-queue.entity';
import { OutboundQueueRepository } from './outbound-queue.repository';
import { OutboundQueue } from './outbound-queue.service';

/** Politeness towards outside services: one request queue per service, shared by every instance. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([OutboundQueueEntity])],
  providers: [OutboundQueueRepository, OutboundQueue],
  exports: [OutboundQueue],
})
export class OutboundModule {}
