import { Module } from '@nestjs/common';
import { InstanceRegistry } from './instance-registry.service';
import { InstanceRepository } from './instance.repository';

/** The instances sharing the database and their heartbeat (crash recovery: docs/OPERATIONS.md). */
@Module({
  providers: [InstanceRepository, InstanceRegistry],
  exports: [InstanceRegistry, InstanceRepository],
})
export class InstancesModule {}
