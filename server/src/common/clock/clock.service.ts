import { Injectable } from '@nestjs/common';

/**
 * The current time for rules that depend on it (paid plan periods, the monthly scan quota, retention, monitor schedules, rate-limit windows). Injected rather than read
 * from `new Date()` so tests can move one app's clock without faking timers globally.
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
