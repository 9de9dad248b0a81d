import { BadRequestException, ConflictException, ForbiddenException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { ProfileService } from '../auth/profile.service';
import { hashSecret, randomSecret } from '../auth/secret-token.util';
import { planFor, type Plan } from '../vocabulary/plan.catalogue';
import { Clock } from '../common/clock/clock.service';
import { AppConfig } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';
import { pageOf, PageQueryDto } from '../common/http/pagination.dto';
import { RateLimiter } from '../common/security/rate-limiter.service';
import { monitorEmailVerificationEmail } from '../mail/mail-templates.renderer';
import { Mailer } from '../mail/mail.types';
import { SafeFetcher } from '../common/security/ssrf/safe.fetcher';
import { challengeValue } from './domain/domain-proof.rules';
import { MonitorRunEntity } from './monitor-run.entity';
import { MonitorTargetPlan, normalizeMonitorTargets } from './monitor-kinds.rules';
import { InvalidTargetsError, quoted } from './monitor-targets.rules';
import { WATCH_MESSAGES } from './monitor-watch.dto';
import { changeView, domainView, websiteView } from './monitor-watch.view';
import { MonitorScheduler } from './monitor-scheduler.service';
import { MonitorRepository, MonitorView, NewTarget } from './monitor.repository';
import { MONITORING_RATE_LIMITS } from './monitoring-rate-limits.catalogue';
import {
  CreateMonitorDto,
  ExportedMonitorDto,
  ExportedMonitorNoticeDto,
  MonitorDto,
  MonitoredEmailDto,
  MonitorListDto,
  MonitorNoticeDto,
  MonitorNoticeListDto,
  MonitorRunDto,
} from './monitoring.dto';
import { MONITOR_MESSAGES } from './monitoring.types';
import { MonitorNoticeEntity } from './monitor-notice.entity';

/** How long the link in a monitored address's verification email works. */
export const MONITOR_VERIFICATION_SECONDS = 7 * 24 * 3600;

/**
 * The monitors API's rules: the plan's active-monitor limit (on creation and activation, under a
 * per-user lock), the targets' rules, owner-only access, and proof that a monitored address is
 * the user's: the account's own verified address is trusted, any other must click a link first.
 */
@Injectable()
export class MonitoringService {
  private readonly logger = new Logger(MonitoringService.name);

  constructor(
    private readonly monitors: MonitorRepository,
    private readonly profiles: ProfileService,
    private readonly mailer: Mailer,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    private readonly scheduler: MonitorScheduler,
    private readonly fetcher: SafeFetcher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The account export's part: monitors with their targets, runs and notices, newest first. */
  /** Whether the user has set up a monitor (active or paused): part of the account's history. */
  hasMonitors(userId: string): Promise<boolean> {
    return this.monitors.anyOfUser(userId);
  }

  /** The email addresses the user's monitors watch: deletion forgets the mail queued for them. */
  monitoredEmailsOf(userId: string): Promise<string[]> {
    return this.monitors.monitoredEmailsOfUser(userId);
  }

  /** Of these addresses, those no monitor (of any account) watches any more. */
  unmonitoredEmails(addresses: string[]): Promise<string[]> {
    return this.monitors.unmonitoredEmails(addresses);
  }

  /** The account export's notices of queued scans, dismissed ones included, newest first. */
  async scanNoticesExportOf(userId: string): Promise<ExportedMonitorNoticeDto[]> {
    return (await this.monitors.scanNoticesOfUser(userId)).map((n) => ({ ...noticeDto(n), dismissedAt: n.dismissedAt?.toISOString() ?? null }));
  }

  async exportOf(userId: string): Promise<ExportedMonitorDto[]> {
    return (await this.monitors.exportOfUser(userId)).map(
      (view): ExportedMonitorDto => ({
        ...withoutLastRuns(monitorDto(view, this.config.domainProof.fileUrl)),
        runs: view.runs.map(runDto),
        notices: view.notices.map((n) => ({ ...noticeDto(n), dismissedAt: n.dismissedAt?.toISOString() ?? null })),
        knownItems: view.knownItems,
      }),
    );
  }

  async list(userId: string, query: PageQueryDto = {}): Promise<MonitorListDto> {
    const { page, pageSize, offset } = pageOf(query);
    const [[views, total], activeCount, limit] = await Promise.all([
      this.monitors.viewsOfUser(userId, { offset, limit: pageSize }),
      this.monitors.countActiveOfUser(userId),
      this.limitOf(userId),
    ]);
    return { monitors: views.map((view) => monitorDto(view, this.config.domainProof.fileUrl)), activeCount, limit, total, page, pageSize };
  }

  async create(userId: string, dto: CreateMonitorDto): Promise<MonitorDto> {
    let targets: MonitorTargetPlan;
    try {
      targets = normalizeMonitorTargets(dto.targets);
    } catch (err) {
      if (err instanceof InvalidTargetsError) throw new BadRequestException(err.message);
      throw err;
    }
    // A website the SSRF guard will never fetch (a private address, a port or scheme it refuses) could never be checked.
    if (targets.kind === 'website') {
      const checked = this.fetcher.checkUrl(targets.website);
      if (!checked.ok) throw new BadRequestException(`'${quoted(targets.website)}' cannot be watched: ${checked.message}`);
    }
    await this.limiter.consume(MONITORING_RATE_LIMITS.createPerUser, userId);
    const profile = await this.profiles.profile(userId);
    const plan = planFor(profile.plan.tier);
    // Refuse before any verification email goes out; the locked count below is the real check.
    if (plan.monitors === 0) throw new ForbiddenException(MONITOR_MESSAGES.atLimit);
    if (targets.kind === 'domain') this.assertDomainWatch(plan);

    const now = this.clock.now();
    const links = new Map<string, string>();
    const newTargets = targets.kind === 'identity' ? await this.identityTargets(userId, profile, targets, now, links) : [watchTarget(targets, now)];
    for (let i = 0; i < links.size; i++) await this.limiter.consume(MONITORING_RATE_LIMITS.verificationEmailsPerUser, userId);

    const monitor = await this.monitors.createWithinLimit(userId, plan.monitors, { type: dto.type, kind: targets.kind, now }, newTargets);
    if (!monitor) throw new ForbiddenException(MONITOR_MESSAGES.atLimit);
    await this.sendVerificationLinks(links);
    this.logger.log(`monitor created: userId=${userId} monitorId=${monitor.id} type=${monitor.type} kind=${targets.kind} targets=${newTargets.length} awaitingVerification=${links.size}`);
    this.scheduler.runSoon();
    return this.get(userId, monitor.id);
  }

  /** Emails (the account's own verified one and those verified before are trusted; the others get a link) and handles. */
  private async identityTargets(
    userId: string,
    profile: { email: string; emailVerified: boolean },
    targets: Extract<MonitorTargetPlan, { kind: 'identity' }>,
    now: Date,
    links: Map<string, string>,
  ): Promise<NewTarget[]> {
    const ownEmail = profile.emailVerified ? profile.email.trim().toLowerCase() : undefined;
    const verified = await this.monitors.verifiedEmailsOfUser(userId);
    return [
      ...targets.emails.map((email): NewTarget => {
        if (email === ownEmail || verified.has(email)) return { kind: 'email', value: email, verifiedAt: now, tokenHash: null, tokenExpiresAt: null };
        const token = randomSecret();
        links.set(email, token);
        return {
          kind: 'email',
          value: email,
          verifiedAt: null,
          tokenHash: hashSecret(token),
          tokenExpiresAt: new Date(now.getTime() + MONITOR_VERIFICATION_SECONDS * 1000),
        };
      }),
      // A handle is public by nature: watching one reveals nothing its owner has not published.
      ...targets.handles.map((handle): NewTarget => ({ kind: 'handle', value: handle, verifiedAt: now, tokenHash: null, tokenExpiresAt: null })),
    ];
  }

  /** Domain watch needs Have I Been Pwned's domain search: without a key no plan has it (409), else only Business (403). */
  private assertDomainWatch(plan: Plan): void {
    if (!this.domainWatchOffered()) throw new ConflictException(WATCH_MESSAGES.domainNotOffered);
    if (!plan.domainWatch) throw new ForbiddenException(WATCH_MESSAGES.domainNeedsBusiness);
  }

  private domainWatchOffered(): boolean {
    return Boolean(this.config.sources.hibp.apiKey);
  }

  async setActive(userId: string, id: string, active: boolean): Promise<MonitorDto> {
    if (active) {
      const plan = planFor((await this.profiles.profile(userId)).plan.tier);
      // A whole domain is a Business monitor: activated on another plan it would only pause again.
      if (!(this.domainWatchOffered() && plan.domainWatch) && (await this.monitors.domainTargetOf(userId, id))) this.assertDomainWatch(plan);
      const outcome = await this.monitors.activateWithinLimit(userId, id, plan.monitors, this.clock.now());
      if (outcome === 'not_found') throw new NotFoundException(MONITOR_MESSAGES.notFound);
      if (outcome === 'at_limit') throw new ForbiddenException(MONITOR_MESSAGES.atLimit);
      this.scheduler.runSoon();
    } else if (!(await this.monitors.pause(userId, id))) {
      throw new NotFoundException(MONITOR_MESSAGES.notFound);
    }
    return this.get(userId, id);
  }

  async delete(userId: string, id: string): Promise<void> {
    if (!(await this.monitors.delete(userId, id))) throw new NotFoundException(MONITOR_MESSAGES.notFound);
    this.logger.log(`monitor deleted: userId=${userId} monitorId=${id}`);
  }

  async notices(userId: string, query: PageQueryDto = {}): Promise<MonitorNoticeListDto> {
    const { page, pageSize, offset } = pageOf(query);
    const [rows, total] = await this.monitors.undismissedNotices(userId, offset, pageSize);
    return { notices: rows.map(noticeDto), total, page, pageSize };
  }

  async dismissNotice(userId: string, id: string): Promise<void> {
    if (!(await this.monitors.dismissNotice(userId, id, this.clock.now()))) throw new NotFoundException(MONITOR_MESSAGES.noticeNotFound);
  }

  /**
   * New verification links for the monitor's addresses that await verification (an old link may
   * have expired or been lost); each earlier link stops working.
   */
  async resendVerification(userId: string, id: string): Promise<MonitorDto> {
    const pending = await this.monitors.pendingEmailsOf(userId, id);
    if (!pending) throw new NotFoundException(MONITOR_MESSAGES.notFound);
    if (pending.length === 0) throw new BadRequestException(MONITOR_MESSAGES.nothingPending);
    for (let i = 0; i < pending.length; i++) await this.limiter.consume(MONITORING_RATE_LIMITS.verificationEmailsPerUser, userId);
    const expiresAt = new Date(this.clock.now().getTime() + MONITOR_VERIFICATION_SECONDS * 1000);
    const links = new Map(pending.map((email) => [email, randomSecret()]));
    await this.monitors.renewVerificationTokens(id, [...links].map(([email, token]) => ({ email, tokenHash: hashSecret(token), expiresAt })));
    await this.sendVerificationLinks(links);
    this.logger.log(`monitor verification links sent again: userId=${userId} monitorId=${id} addresses=${links.size}`);
    return this.get(userId, id);
  }

  private async sendVerificationLinks(links: ReadonlyMap<string, string>): Promise<void> {
    for (const [email, token] of links) {
      const url = `${this.config.publicUrl}/monitoring/verify-email?token=${encodeURIComponent(token)}`;
      await this.mailer.send({ to: email, ...monitorEmailVerificationEmail(url), link: url });
    }
  }

  async verifyEmail(token: string, clientIp: string): Promise<MonitoredEmailDto> {
    await this.limiter.consume(MONITORING_RATE_LIMITS.verifyPerIp, clientIp);
    const verified = await this.monitors.verifyEmailByToken(hashSecret(token), this.clock.now());
    if (!verified) throw new BadRequestException(MONITOR_MESSAGES.invalidLink);
    this.logger.log(`monitored email verified: userId=${verified.userId}`);
    return { email: verified.email };
  }

  async get(userId: string, id: string): Promise<MonitorDto> {
    const view = await this.monitors.viewOfUser(userId, id);
    if (!view) throw new NotFoundException(MONITOR_MESSAGES.notFound);
    return monitorDto(view, this.config.domainProof.fileUrl);
  }

  /** The active-monitor limit of the plan that applies now (a lapsed paid plan reads as Free). */
  private async limitOf(userId: string): Promise<number> {
    return planFor((await this.profiles.profile(userId)).plan.tier).monitors;
  }
}

/**
 * A website watched from a public page needs no proof (anyone may audit a public site); a domain
 * waits for proof of control, its challenge made here.
 */
function watchTarget(targets: Exclude<MonitorTargetPlan, { kind: 'identity' }>, now: Date): NewTarget {
  if (targets.kind === 'website') return { kind: 'website', value: targets.website, verifiedAt: now, tokenHash: null, tokenExpiresAt: null };
  return { kind: 'domain', value: targets.domain, verifiedAt: null, tokenHash: null, tokenExpiresAt: null, challenge: challengeValue(randomSecret()) };
}

export function monitorDto({ monitor, targets, runs }: MonitorView, proofFileUrl: string): MonitorDto {
  const emails = targets.filter((t) => t.kind === 'email');
  const values = (kind: string) => targets.filter((t) => t.kind === kind).map((t) => t.value);
  const website = targets.find((t) => t.kind === 'website');
  const domain = targets.find((t) => t.kind === 'domain');
  return {
    id: monitor.id,
    type: monitor.type,
    kind: monitor.kind,
    active: monitor.active,
    nextRunAt: monitor.nextRunAt?.toISOString() ?? null,
    createdAt: monitor.createdAt.toISOString(),
    targets: { emails: emails.map((t) => t.value), handles: values('handle'), websites: values('website'), domains: values('domain') },
    pendingEmails: emails.filter((t) => t.verifiedAt === null).map((t) => t.value),
    website: website ? websiteView(website) : null,
    domain: domain ? domainView(domain, proofFileUrl) : null,
    lastRuns: runs.map(runDto),
  };
}

function withoutLastRuns({ lastRuns: _latest, ...rest }: MonitorDto): Omit<MonitorDto, 'lastRuns'> {
  return rest;
}

export function runDto(run: MonitorRunEntity): MonitorRunDto {
  return {
    id: run.id,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    status: run.status,
    newItems: run.newItems,
    summary: run.summary,
    changes: (run.changes ?? []).map(changeView),
  };
}

function noticeDto(notice: MonitorNoticeEntity): MonitorNoticeDto {
  return {
    id: notice.id,
    monitorId: notice.monitorId,
    scanId: notice.scanId,
    createdAt: notice.createdAt.toISOString(),
    summary: notice.summary,
    items: notice.items.map(changeView),
  };
}
