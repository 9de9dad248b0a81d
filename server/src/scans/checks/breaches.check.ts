import { Injectable } from '@nestjs/common';
import type { ClassifiedScanInput } from '../../browser-shared/scan-input.rules';
import { BREACH_SOURCE_IDS, BREACH_SOURCES, breachSourceNames, type BreachSourceId } from '../../vocabulary/breach-source.catalogue';
import type { CheckSourceReport, CheckStatus, PasteExposure } from '../../vocabulary/check.types';
import type { PasteDetail } from '../../vocabulary/finding.types';
import { analyzeEmailBreaches } from '../analysis/email-breaches.analyzer';
import { BreachCatalogueService } from '../breach-catalogue/breach-catalogue.service';
import { mergeBreaches } from '../breaches/breach.merger';
import { BreachLookupService, type LookupContext, type SourceExposure, type SourceLookup } from '../breaches/breach-lookup.service';
import type { BreachRecord } from '../sources/source.types';
import { CheckContext, CheckOutcome, isEmailInput, scanCheck } from './scan-check.types';

/** When no source could run, the status that says most: one worth retrying soon first. */
const FAILURE_ORDER: readonly CheckStatus[] = ['rate_limited', 'timed_out', 'unavailable', 'not_configured'];

/**
 * The breaches an email address is in, from every enabled breach source (HIBP `breachedaccount`
 * with HIBP_API_KEY, XposedOrNot), merged into one entry per breach; pastes when a source reports them.
 */
@Injectable()
export class BreachesCheck extends scanCheck({
  id: 'breaches',
  label: 'Data breaches',
  noun: 'the breach service',
  groups: ['breaches'],
}) {
  constructor(
    private readonly lookups: BreachLookupService,
    private readonly catalogue: BreachCatalogueService,
  ) {
    super();
  }

  /** Names the sources this server asks: "Data breaches (Have I Been Pwned, XposedOrNot)". */
  override get label(): string {
    const sources = this.lookups.enabledSources();
    return sources.length === 0 ? 'Data breaches' : `Data breaches (${sources.map((s) => BREACH_SOURCES[s].name).join(', ')})`;
  }

  appliesTo(input: ClassifiedScanInput): boolean {
    return isEmailInput(input);
  }

  run(input: ClassifiedScanInput, { signal, deadline, viewer }: CheckContext): Promise<CheckOutcome> {
    return this.breachesOf(input.value, {
      signal,
      deadline,
      ...(viewer.userId ? { userId: viewer.userId } : {}),
      // HIBP's pastes are asked for only for the signed-in owner of the verified address.
      owner: viewer.userId !== undefined && viewer.verifiedEmail === input.value,
    });
  }

  /**
   * The breaches of an email address from every breach source, merged into one answer: one entry per
   * breach with the sources that reported it, HIBP's fields first. Ok when at least one source
   * answered — then `message` names the ones that did not and why, and `sources` says how each ended —
   * otherwise the most telling failure. XposedOrNot's per-address answer gives a breach's year only:
   * its catalogue entry fills in the day (and its sensitive flag).
   */
  private async breachesOf(email: string, context: LookupContext): Promise<CheckOutcome> {
    // HIBP tells an address's pastes to the owner of the address only: it is asked only for them.
    const [answers, hibpPastes] = await Promise.all([
      this.lookups.lookupAll(email, context),
      context.owner ? this.lookups.lookupHibpPastes(email, context) : undefined,
    ]);
    const sources = BREACH_SOURCE_IDS.map((id) => sourceReport(id, answers[id]));
    const answered = BREACH_SOURCE_IDS.filter((id) => answers[id].result.status === 'ok');
    if (answered.length === 0) return { ...combinedFailure(sources), findings: [], sources };

    const lists: Partial<Record<BreachSourceId, BreachRecord[]>> = {};
    for (const id of answered) lists[id] = await this.withCatalogueDetails(id, exposureOf(answers[id]).breaches);
    const counterparts = await this.catalogue.counterpartsOf(Object.values(lists).flat());
    const findings = analyzeEmailBreaches(mergeBreaches(lists, counterparts), answered);

    const missing = sources.filter((s) => s.status !== 'ok');
    const message =
      missing.length > 0
        ? `Checked with ${breachSourceNames(answered)} only: ${missing.map((s) => `${s.name}: ${s.message ?? s.status}`).join('; ')}`
        : undefined;
    const pastes = pastesOf(answered, answers, hibpPastes?.result.status === 'ok' ? hibpPastes.result.data : undefined);
    return { status: 'ok', ...(message ? { message } : {}), findings, sources, ...(pastes ? { pastes } : {}) };
  }

  /** A year-only breach date and the sensitive flag from the source's own catalogue, when it lists the breach. */
  private async withCatalogueDetails(source: BreachSourceId, records: BreachRecord[]): Promise<BreachRecord[]> {
    const needs = records.filter((r) => /^\d{4}$/.test(r.breachDate) || source !== 'hibp');
    if (needs.length === 0) return records;
    const known = await this.catalogue.recordsByName(source, needs.map((r) => r.name));
    return records.map((record) => {
      const entry = known.get(record.name);
      if (!entry) return record;
      const sameYear = entry.breachDate.startsWith(record.breachDate.slice(0, 4));
      return { ...record, breachDate: sameYear ? entry.breachDate : record.breachDate, isSensitive: record.isSensitive || entry.isSensitive };
    });
  }
}

function exposureOf(lookup: SourceLookup): SourceExposure {
  if (lookup.result.status !== 'ok') throw new Error('exposureOf: the source did not answer');
  return lookup.result.data;
}

function sourceReport(id: BreachSourceId, { result, cached }: SourceLookup): CheckSourceReport {
  const report: CheckSourceReport = { id, name: BREACH_SOURCES[id].name, status: result.status };
  if (result.status !== 'ok') {
    report.message = result.message;
    if (result.retryAfterSeconds !== undefined) report.retryAfterSeconds = result.retryAfterSeconds;
  }
  if (cached) report.cached = true;
  return report;
}

function combinedFailure(sources: CheckSourceReport[]): Pick<CheckOutcome, 'status' | 'message' | 'retryAfterSeconds'> {
  const status = FAILURE_ORDER.find((s) => sources.some((r) => r.status === s)) ?? 'unavailable';
  const waits = sources.filter((s) => s.status === 'rate_limited' && s.retryAfterSeconds !== undefined).map((s) => s.retryAfterSeconds as number);
  return {
    status,
    message: sources.map((s) => `${s.name}: ${s.message ?? s.status}`).join('; '),
    ...(waits.length > 0 ? { retryAfterSeconds: Math.min(...waits) } : {}),
  };
}

/** The pastes of the sources that report them with the breaches (XposedOrNot), and HIBP's when it was asked and answered. */
function pastesOf(answered: BreachSourceId[], answers: Record<BreachSourceId, SourceLookup>, hibp: PasteDetail[] | undefined): PasteExposure | undefined {
  const reporting = answered.filter((id) => exposureOf(answers[id]).pastes !== undefined);
  const all = reporting.map((id) => exposureOf(answers[id]).pastes!);
  if (hibp) all.unshift({ count: hibp.length, details: hibp });
  if (all.length === 0) return undefined;
  return { count: all.reduce((sum, p) => sum + p.count, 0), details: all.flatMap((p) => p.details), sources: hibp ? ['hibp', ...reporting] : reporting };
}
