import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { InstancesModule } from '../common/instances/instances.module';
import { ScanEntity } from './scan.entity';
import { ScanHistoryService } from './scan-history.service';
import { ScanRecoveryService } from './scan-recovery.service';
import { ScanRepository } from './scan.repository';
import { ScanRetentionService } from './scan-retention.service';

/**
 * The stored scans (privacy scans and image checks): the scans table, the monthly quota, recording
 * results with their findings in the one stored shape, reading them (history, dashboard and report
 * figures) and deleting them when they expire. A module of its own so that the privacy scan
 * (ScansModule) and the image check (ExifModule) both record into it without either importing the
 * other. Scans a crash left running are failed here too (ScanRecoveryService), within seconds when their
 * instance stops beating (InstancesModule).
 */
@Module({
  imports: [TypeOrmModule.forFeature([ScanEntity]), AuthModule, InstancesModule],
  providers: [ScanRepository, ScanHistoryService, ScanRecoveryService, ScanRetentionService],
  exports: [ScanHistoryService, ScanRetentionService],
})
export class ScanHistoryModule {}
