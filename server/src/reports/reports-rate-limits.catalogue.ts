import type { RateLimitRule } from '../common/security/rate-limiter.service';

/** The file downloads cost CPU (the PDF) and a read of every kept scan (both): limited per user. */
export const REPORT_RATE_LIMITS = {
  pdfPerUser: { name: 'report-pdf-user', limit: 10, windowSeconds: 10 * 60 },
  csvPerUser: { name: 'report-csv-user', limit: 30, windowSeconds: 10 * 60 },
} as const satisfies Record<string, RateLimitRule>;
