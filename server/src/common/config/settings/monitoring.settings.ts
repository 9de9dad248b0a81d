import { z } from 'zod';
import { defineSettings, setting, wholeNumber } from '../setting.schema';

/** The monitor scheduler (monitoring/). */
export const monitoringSettings = defineSettings({
  module: 'monitoring',
  title: 'Monitors',
  intro:
    'Every instance on one database runs due monitors: each tick claims due monitors (FOR UPDATE SKIP LOCKED plus a lease), so two instances never run one monitor twice.',
  settings: {
    MONITOR_TICK_SECONDS: setting(wholeNumber(0, 86_400), {
      default: '60',
      doc: "Seconds between ticks; 0 turns this instance's scheduler off.",
      message: 'MONITOR_TICK_SECONDS must be a whole number of seconds (0 turns the monitor scheduler off)',
    }),
    MONITOR_LEASE_SECONDS: setting(wholeNumber(1, 86_400), {
      default: '600',
      doc: "How long a claimed monitor stays with the instance that claimed it; after a crash another instance takes it over once this has passed. Keep it well above a monitor's longest run.",
      message: 'MONITOR_LEASE_SECONDS must be a whole number of seconds',
    }),
    MONITOR_BATCH_SIZE: setting(wholeNumber(1, 10_000), {
      default: '50',
      doc: 'Monitors one tick claims at most.',
      message: 'MONITOR_BATCH_SIZE must be a whole number',
    }),
    MONITOR_CONCURRENCY: setting(wholeNumber(1, 100), {
      default: '5',
      doc: 'Monitors run at the same time.',
      message: 'MONITOR_CONCURRENCY must be a whole number',
    }),
    MONITOR_CONFIRM_DELAY_SECONDS: setting(wholeNumber(0, 86_400), {
      default: '600',
      doc: 'A website monitor alerts on what a page loads only when two runs in a row see it: after a run that saw a change once, the next run comes this many seconds later.',
      message: 'MONITOR_CONFIRM_DELAY_SECONDS must be a whole number of seconds between 0 and 86400',
    }),
    DOMAIN_VERIFICATION_FILE_URL: setting(z.string().regex(/^https?:\/\/\{domain\}(:\d{1,5})?\/\S*$/), {
      default: 'https://{domain}/.well-known/footprint-verification.txt',
      doc: "Where a domain monitor's proof file is fetched (through the SSRF guard), {domain} standing for the domain. Another port or scheme: tests and closed networks only.",
      message: 'DOMAIN_VERIFICATION_FILE_URL must be an http:// or https:// URL whose host is {domain}, such as https://{domain}/.well-known/footprint-verification.txt',
    }),
  },
});
