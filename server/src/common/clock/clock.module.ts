import { Global, Module } from '@nestjs/common';
import { Clock } from './clock.service';

/** Makes the Clock injectable everywhere. */
@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}
