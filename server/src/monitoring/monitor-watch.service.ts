import { BadRequestException, ForbiddenException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { Clock } from '../common/clock/clock.service';
import { pageOf, PageQueryDto } from '../common/http/pagination.dto';
import { RateLimiter } from '../common/security/rate-limiter.service';
import { csvFile } from '../common/http/csv.writer';
import { BreachCatalogueService } from '../scans/breach-catalogue/breach-catalogue.service';
import { DomainProofService } from './domain/domain-proof.service';
import { aliasesByBreach, readDomainWatchState } from './domain/domain-watch.rules';
import type { DomainProof } from './monitor-target.entity';
import { DomainBreachesDto, WATCH_MESSAGES } from './monitor-watch.dto';
import { domainView } from './monitor-watch.view';
import { MonitorScheduler } from './monitor-scheduler.service';
import { MonitorRepository } from './monitor.repository';
import { MONITORING_RATE_LIMITS } from './monitoring-rate-limits.catalogue';
import { MonitorDto, MonitorRunListDto } from './monitoring.dto';
import { MONITOR_MESSAGES } from './monitoring.types';
import { MonitoringService, runDto } from './monitoring.service';

export const DOMAIN_CSV_COLUMNS = ['email', 'breach', 'title', 'breach_date', 'data_classes', 'sensitive'] as const;

/**
 * The routes of website and domain monitors beyond the monitors API: a monitor's whole run history
 * with what each run changed, a domain's proof of control checked on request, and its breached
 * addresses (a page of them, or all as CSV) for the owner while control stays proven.
 */
@Injectable()
export class MonitorWatchService {
  private readonly logger = new Logger(MonitorWatchService.name);

  constructor(
    private readonly monitors: MonitorRepository,
    private readonly monitoring: MonitoringService,
    private readonly proofs: DomainProofService,
    private readonly catalogue: BreachCatalogueService,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    private readonly scheduler: MonitorScheduler,
  ) {}

  async runs(userId: string, id: string, query: PageQueryDto = {}): Promise<MonitorRunListDto> {
    const { page, pageSize, offset } = pageOf(query);
    const found = await this.monitors.runsOfMonitor(userId, id, { offset, limit: pageSize });
    if (!found) throw new NotFoundException(MONITOR_MESSAGES.notFound);
    const [runs, total] = found;
    return { runs: runs.map(runDto), total, page, pageSize };
  }

  /**
   * Checks the domain's proof now (the way asked for, or both). Proven: the domain is verified and
   * its monitor runs at once (an active one). Not proven: 400 with what was found instead; a domain
   * that was verified is not any more.
   */
  async verifyDomain(userId: string, id: string, method?: DomainProof): Promise<MonitorDto> {
    const { target } = await this.domainOf(userId, id);
    await this.limiter.consume(MONITORING_RATE_LIMITS.domainProofPerUser, userId);
    const proof = await this.proofs.check(target.value, target.challenge ?? '', target.verifiedBy, method);
    const now = this.clock.now();
    await this.monitors.recordDomainProof(id, target.value, { checkedAt: now, verifiedBy: proof.proven ? proof.method : null });
    this.logger.log(`domain proof checked: userId=${userId} monitorId=${id} proven=${proof.proven}`);
    if (!proof.proven) throw new BadRequestException(WATCH_MESSAGES.notProven(proof.reason));
    this.scheduler.runSoon();
    return this.monitoring.get(userId, id);
  }

  async domainBreaches(userId: string, id: string, query: PageQueryDto = {}): Promise<DomainBreachesDto> {
    const { page, pageSize, offset } = pageOf(query);
    const { domain, hibp, searchedAt, breaches, addresses } = await this.breachList(userId, id);
    return { domain, hibp, searchedAt, breaches, addresses: addresses.slice(offset, offset + pageSize), total: addresses.length, page, pageSize };
  }

  /** Every breached address with each of its breaches, one row per pair, RFC 4180 and formula-safe. */
  async domainBreachesCsv(userId: string, id: string): Promise<{ fileName: string; content: string }> {
    const { domain, breaches, addresses } = await this.breachList(userId, id);
    const byName = new Map(breaches.map((b) => [b.name, b]));
    const rows = addresses.flatMap(({ email, breaches: names }) =>
      names.map((name) => {
        const breach = byName.get(name);
        return [email, name, breach?.title ?? name, breach?.breachDate ?? '', (breach?.dataClasses ?? []).join('; '), breach?.isSensitive ? 'yes' : 'no'];
      }),
    );
    const day = this.clock.now().toISOString().slice(0, 10);
    return { fileName: `footprint-${domain}-breaches-${day}.csv`, content: csvFile(DOMAIN_CSV_COLUMNS, rows) };
  }

  /** The last search's answer, for the owner of a domain whose control is proven; the breaches from HIBP's catalogue. */
  private async breachList(userId: string, id: string): Promise<Omit<DomainBreachesDto, 'total' | 'page' | 'pageSize'>> {
    const { target } = await this.domainOf(userId, id);
    if (target.verifiedAt === null) throw new ForbiddenException(WATCH_MESSAGES.notVerified(target.value));
    const view = domainView(target, '');
    const aliases = readDomainWatchState(target.watchState)?.aliases ?? {};
    const byBreach = aliasesByBreach(aliases);
    const records = byBreach.size > 0 ? await this.catalogue.recordsByName('hibp', [...byBreach.keys()]) : new Map();
    const breaches = [...byBreach]
      .map(([name, members]) => {
        const record = records.get(name);
        return {
          name,
          title: record?.title || name,
          breachDate: record?.breachDate ?? null,
          dataClasses: record?.dataClasses ?? [],
          isSensitive: record?.isSensitive ?? false,
          addresses: members.length,
        };
      })
      .sort((a, b) => b.addresses - a.addresses || a.title.localeCompare(b.title));
    const addresses = Object.keys(aliases)
      .sort()
      .map((alias) => ({ email: `${alias}@${target.value}`, breaches: aliases[alias] }));
    return { domain: target.value, hibp: view.hibp, searchedAt: readDomainWatchState(target.watchState)?.searchedAt ?? null, breaches, addresses };
  }

  private async domainOf(userId: string, id: string) {
    const found = await this.monitors.domainTargetOf(userId, id);
    if (found) return found;
    // Another user's monitor (or none) is 404 like everywhere; the user's own monitor of another kind is a bad request.
    await this.monitoring.get(userId, id);
    throw new BadRequestException(WATCH_MESSAGES.notDomainMonitor);
  }
}
