import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { ProfileService } from '../auth/profile.service';
import { Clock } from '../common/clock/clock.service';
import { AppConfig } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';
import { isDatabaseUnavailable } from '../common/database/database-errors.util';
import { runsScheduledWork } from '../common/scheduling/scheduled-work.util';
import { queuedScanEmail } from '../mail/mail-templates.renderer';
import { MailService } from '../mail/mail.service';
import { ScanHistoryService, staleScanAfterMs } from '../scans/scan-history.service';
import type { ClaimedQueuedScan } from '../scans/scan.repository';
import { QueuedRun, ScansService } from '../scans/scans.service';
import { MonitorRepository } from './monitor.repository';
import type { NoticeItem } from './monitoring.types';

export const QUEUED_SCAN_INTERVAL = 'queued-scans';
/** How often each instance looks for queued scans that are due (the promise to the person adds this much, scans.service.ts). */
export const QUEUED_SCAN_TICK_MS = 30_000;
/** The most queued scans one tick runs, one after another (the breach sources' limits are the real bound). */
const TICK_BATCH = 20;

export interface QueuedTickReport {
  completed: number;
  requeued: number;
  failed: number;
}

/**
 * Runs the scans people queued while the breach sources were at their request limit
 * (ScansService.prepare), as soon as the sources allow. Every instance on the database ticks; a
 * claim locks the row with SKIP LOCKED and holds it for a lease (ScanRepository.claimQueued), so
 * two instances never run one scan. A scan that completes or finally fails leaves the person a
 * notice and, when this server sends mail, an email. Nothing is claimed while this instance knows
 * the sources are still busy.
 */
@Injectable()
export class QueuedScanRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(QueuedScanRunner.name);
  private current?: Promise<QueuedTickReport>;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly scans: ScansService,
    private readonly history: ScanHistoryService,
    private readonly monitors: MonitorRepository,
    private readonly profiles: ProfileService,
    private readonly mail: MailService,
    private readonly registry: SchedulerRegistry,
    private readonly clock: Clock,
  ) {}

  /** Tests tick explicitly. */
  onApplicationBootstrap(): void {
    if (!runsScheduledWork(this.config)) return;
    this.registry.addInterval(QUEUED_SCAN_INTERVAL, setInterval(() => this.tickInBackground(), QUEUED_SCAN_TICK_MS).unref());
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.registry.doesExist('interval', QUEUED_SCAN_INTERVAL)) this.registry.deleteInterval(QUEUED_SCAN_INTERVAL);
    await this.current?.catch(() => undefined);
  }

  /** Runs the due queued scans; a call while a tick runs shares it. */
  tick(): Promise<QueuedTickReport> {
    this.current ??= this.runTick().finally(() => (this.current = undefined));
    return this.current;
  }

  private async runTick(): Promise<QueuedTickReport> {
    const report: QueuedTickReport = { completed: 0, requeued: 0, failed: 0 };
    // A lease longer than a scan can take: a runner that died hands its scan on after it.
    const leaseMs = staleScanAfterMs(this.config);
    for (let i = 0; i < TICK_BATCH && !this.stopped; i++) {
      if (this.scans.breachesBusyFor() !== undefined) break;
      const claimed = await this.history.claimQueued(leaseMs);
      if (!claimed) break;
      let run: QueuedRun;
      try {
        run = await this.scans.runQueued(claimed);
      } catch (err) {
        // Without a database nothing was stored: the lease hands the scan on. Otherwise it was failed.
        if (isDatabaseUnavailable(err)) throw err;
        this.logger.error(`queued scan failed: ${err instanceof Error ? err.name : 'unknown error'}`);
        run = { outcome: 'failed', reason: 'the check broke off with an error on this server' };
      }
      report[run.outcome] += 1;
      if (run.outcome !== 'requeued') await this.tell(claimed, run);
    }
    return report;
  }

  /** The person's notice, and their email when this server sends mail. */
  private async tell(claimed: ClaimedQueuedScan, run: Exclude<QueuedRun, { outcome: 'requeued' }>): Promise<void> {
    const done = run.outcome === 'completed';
    const line = done ? resultLine(run.result.privacyScore, run.result.breaches.count) : run.reason;
    const summary = done ? `Your queued check of ${claimed.input} is done` : `Your queued check of ${claimed.input} could not be completed`;
    const item: NoticeItem = {
      kind: 'queued_scan',
      target: claimed.input,
      title: done ? line : `Not completed: ${line}`,
      recommendation: done ? 'Open the result in your scan history.' : 'It was not counted against your monthly scans. Please run the check again later.',
    };
    const account = (await this.profiles.accountsOf([claimed.userId])).get(claimed.userId);
    const mail =
      account && this.mail.sendsMail
        ? this.mail.outboxRow({ to: account.email, ...queuedScanEmail({ input: claimed.input, done, line, resultUrl: `${this.config.publicUrl}/history?scan=${claimed.id}` }) })
        : undefined;
    const stored = await this.monitors.addScanNotice({ scanId: claimed.id, userId: claimed.userId, createdAt: this.clock.now(), summary, items: [item] }, mail);
    if (stored) this.mail.deliverStored(stored);
  }

  private tickInBackground(): void {
    if (this.current || this.stopped) return;
    this.tick().then(
      (report) => {
        const total = report.completed + report.requeued + report.failed;
        if (total > 0) this.logger.log(`queued scans: ${report.completed} completed, ${report.requeued} waiting again, ${report.failed} failed`);
      },
      (err: unknown) => {
        const message = err instanceof Error ? err.message : 'unknown error';
        // A claimed scan keeps its lease and is run again after it.
        if (isDatabaseUnavailable(err)) this.logger.warn(`queued scans postponed, no database connection: ${message}`);
        else this.logger.error(`queued scans failed: ${message}`);
      },
    );
  }
}

/** "privacy score 72/100, 2 breaches found" (no score: an incomplete result never reaches here). */
function resultLine(score: number | null, breaches: number): string {
  const found = breaches === 0 ? 'no breaches found' : `${breaches} ${breaches === 1 ? 'breach' : 'breaches'} found`;
  return score === null ? found : `privacy score ${score}/100, ${found}`;
}
