import { Module } from '@nestjs/common';
import { DrainState } from '../common/http/http.drain';
import { HealthController } from './health.controller';

@Module({ controllers: [HealthController], providers: [DrainState], exports: [DrainState] })
export class HealthModule {}
