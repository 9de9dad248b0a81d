import { BadRequestException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { createHash, randomInt } from 'node:crypto';
import { Clock } from '../common/clock/clock.service';
import { RateLimiter } from '../common/security/rate-limiter.service';
import { AbTestAssignmentRepository } from './ab-test-assignment.repository';
import { AB_TESTS, AbTestName, isAbTestName } from './ab-test.catalogue';
import { AB_TEST_RATE_LIMITS } from './ab-test-rate-limits.catalogue';
import type { ExportedAbTestDto } from './ab-test.dto';
import { VISITOR_COOKIE_DAYS } from './visitor-cookie.service';

export const AB_TEST_MESSAGES = {
  unknownTest: 'Unknown A/B test',
  unknownVariant: (variants: readonly string[]) => `variant must be one of ${variants.join(', ')}`,
} as const;

/** Who is asking: a signed-in user, or a visitor known by the random id of their cookie. */
export interface AbSubject {
  userId?: string;
  visitorId?: string;
  /** For the per-address limit on new visitor assignments. */
  clientIp: string;
}

const CLEANUP_EVERY_MS = 6 * 3600_000;

/**
 * Sticky A/B variants: drawn at random once per user (or per visitor cookie), then the same answer
 * every time. A visitor who signs in keeps the variant they saw.
 */
@Injectable()
export class AbTestService {
  private readonly logger = new Logger(AbTestService.name);
  private lastCleanup = 0;

  constructor(
    private readonly assignments: AbTestAssignmentRepository,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
  ) {}

  /** The account export's part: the variants shown to the user. */
  async exportOf(userId: string): Promise<ExportedAbTestDto[]> {
    return (await this.assignments.listOfUser(userId)).map((a) => ({ testName: a.testName, variant: a.variant, assignedAt: a.assignedAt.toISOString() }));
  }

  async variantFor(testName: string, who: AbSubject): Promise<string> {
    const test = this.test(testName);
    const subject = subjectOf(who);
    const existing = await this.assignments.variantOf(testName, subject);
    if (existing) return existing;
    // A visitor who has just signed in keeps what they were shown.
    const asVisitor = who.userId && who.visitorId ? await this.assignments.variantOf(testName, visitorSubject(who.visitorId)) : undefined;
    if (!who.userId) await this.limiter.consume(AB_TEST_RATE_LIMITS.abVisitorPerIp, who.clientIp);
    this.cleanUpNowAndThen();
    const variant = asVisitor ?? test.variants[randomInt(test.variants.length)];
    return this.assignments.assignOnce({
      testName,
      subject,
      userId: who.userId ?? null,
      variant,
      chosenBy: 'server',
      assignedAt: this.clock.now(),
    });
  }

  /** The variant a client picked itself after a failed GET: it is what the person saw, so it is kept. */
  async recordChoice(testName: string, who: AbSubject, variant: string): Promise<string> {
    const test = this.test(testName);
    if (!(test.variants as readonly string[]).includes(variant)) throw new BadRequestException(AB_TEST_MESSAGES.unknownVariant(test.variants));
    if (!who.userId) await this.limiter.consume(AB_TEST_RATE_LIMITS.abVisitorPerIp, who.clientIp);
    await this.assignments.replace({
      testName,
      subject: subjectOf(who),
      userId: who.userId ?? null,
      variant,
      chosenBy: 'client',
      assignedAt: this.clock.now(),
    });
    return variant;
  }

  private test(testName: string): (typeof AB_TESTS)[AbTestName] {
    if (!isAbTestName(testName)) throw new NotFoundException(AB_TEST_MESSAGES.unknownTest);
    return AB_TESTS[testName];
  }

  /** Visitors' assignments outlive their cookie by nothing: older ones are deleted now and then. */
  private cleanUpNowAndThen() {
    const now = this.clock.now().getTime();
    if (now - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = now;
    this.assignments.deleteVisitorsAssignedBefore(new Date(now - VISITOR_COOKIE_DAYS * 24 * 3600_000)).catch((err: unknown) => {
      this.logger.warn(`A/B cleanup failed: ${err instanceof Error ? err.message : String(err)}`);
    });
  }
}

const visitorSubject = (visitorId: string) => `visitor:${createHash('sha256').update(visitorId).digest('base64url')}`;

function subjectOf(who: AbSubject): string {
  if (who.userId) return `user:${who.userId}`;
  if (who.visitorId) return visitorSubject(who.visitorId);
  throw new Error('an A/B subject needs a user or a visitor id');
}
