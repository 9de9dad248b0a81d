import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ScanHistoryModule } from '../scans/scan-history.module';
import { ExifController } from './exif.controller';
import { ExifService } from './exif.service';
import { MetadataWorkerPool } from './metadata-worker.pool';

/**
 * The image metadata check: upload (memory only), metadata reading in a bounded worker pool,
 * findings and risk score, the record in the scan history, and the lossless strip route.
 */
@Module({
  imports: [AuthModule, ScanHistoryModule],
  controllers: [ExifController],
  providers: [ExifService, MetadataWorkerPool],
})
export class ExifModule {}
