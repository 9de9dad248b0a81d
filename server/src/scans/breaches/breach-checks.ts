import { isIP } from 'node:net';
import { BREACH_SOURCE_IDS, BREACH_SOURCES, breachSourceNames, type BreachSourceId } from '../../vocabulary/breach-source.catalogue';
import type { CheckStatus } from '../../vocabulary/check.types';
import type { CheckOutcome, CheckSourceReport, PasteExposure } from '../checks/scan-check';
import { analyzeEmailBreaches } from '../analysis/email-breaches.analyzer';
import { analyzeWebsiteBreaches } from '../analysis/website-breaches.analyzer';
import type { BreachCatalogueService } from '../breach-catalogue/breach-catalogue.service';
import type { PasteDetail } from '../../vocabulary/finding.types';
import type { BreachRecord } from '../sources/source-types';
import { WEBSITE_MESSAGES } from '../sources/website.source';
import { mergeBreaches } from './breach-merge';
import type { BreachLookupService, LookupContext, SourceExposure, SourceLookup } from './breach-lookup.service';

/** "Data breaches (Have I Been Pwned, XposedOrNot)": the sources this server asks. */
export function emailBreachesLabel(sources: readonly BreachSourceId[]): string {
  return sources.length === 0 ? 'Data breaches' : `Data breaches (${sources.map((s) => BREACH_SOURCES[s].name).join(', ')})`;
}

/** "Known breaches of this site (the breach catalogues of Have I Been Pwned and XposedOrNot)". */
export function websiteBreachesLabel(sources: readonly BreachSourceId[]): string {
  const names = breachSourceNames(sources);
  return names ? `Known breaches of this site (the breach ${sources.length === 1 ? 'catalogue' : 'catalogues'} of ${names})` : 'Known breaches of this site';
}

/** When no source could run, the status that says most: one worth retrying soon first. */
const FAILURE_ORDER: readonly CheckStatus[] = ['rate_limited', 'timed_out', 'unavailable', 'not_configured'];

type Catalogue = Pick<BreachCatalogueService, 'recordsByName' | 'counterpartsOf'>;

/**
 * The breaches of an email address from every breach source, merged into one answer: one entry per
 * breach with the sources that reported it, HIBP's fields first. Ok when at least one source
 * answered — then `message` names the ones that did not and why, and `sources` says how each ended —
 * otherwise the most telling failure. XposedOrNot's per-address answer gives a breach's year only:
 * its catalogue entry fills in the day (and its sensitive flag).
 */
export async function emailBreachesOutcome(
  email: string,
  lookups: Pick<BreachLookupService, 'lookupAll'> & Partial<Pick<BreachLookupService, 'lookupHibpPastes'>>,
  catalogue: Catalogue,
  context: LookupContext,
): Promise<CheckOutcome> {
  // HIBP tells an address's pastes to the owner of the address only: it is asked only for them.
  const [answers, hibpPastes] = await Promise.all([
    lookups.lookupAll(email, context),
    context.owner && lookups.lookupHibpPastes ? lookups.lookupHibpPastes(email, context) : undefined,
  ]);
  const sources = BREACH_SOURCE_IDS.map((id) => sourceReport(id, answers[id]));
  const answered = BREACH_SOURCE_IDS.filter((id) => answers[id].result.status === 'ok');
  if (answered.length === 0) return { ...combinedFailure(sources), findings: [], sources };

  const lists: Partial<Record<BreachSourceId, BreachRecord[]>> = {};
  for (const id of answered) lists[id] = await withCatalogueDetails(id, exposureOf(answers[id]).breaches, catalogue);
  const counterparts = await catalogue.counterpartsOf(Object.values(lists).flat());
  const findings = analyzeEmailBreaches(mergeBreaches(lists, counterparts), answered);

  const missing = sources.filter((s) => s.status !== 'ok');
  const message =
    missing.length > 0
      ? `Checked with ${breachSourceNames(answered)} only: ${missing.map((s) => `${s.name}: ${s.message ?? s.status}`).join('; ')}`
      : undefined;
  const pastes = pastesOf(answered, answers, hibpPastes?.result.status === 'ok' ? hibpPastes.result.data : undefined);
  return { status: 'ok', ...(message ? { message } : {}), findings, sources, ...(pastes ? { pastes } : {}) };
}

/**
 * Known breaches of the site's domain, from the stored catalogues (never fetched per scan). Ok with
 * the catalogues that are loaded, naming any enabled one that is not yet; unavailable when none is.
 */
export async function websiteBreachesOutcome(url: string | undefined, catalogue: Pick<BreachCatalogueService, 'findByDomain'>, enabled: readonly BreachSourceId[]): Promise<CheckOutcome> {
  let host: string;
  try {
    host = new URL(url ?? '').hostname;
  } catch {
    return { status: 'not_applicable', message: url ? WEBSITE_MESSAGES.invalidUrl : WEBSITE_MESSAGES.noUrl, findings: [] };
  }
  // An IP address is no domain: the catalogues list breaches by domain only.
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) return { status: 'ok', findings: [] };
  const found = await catalogue.findByDomain(host);
  const sources: CheckSourceReport[] = enabled.map((id) =>
    found.loaded.includes(id)
      ? { id, name: BREACH_SOURCES[id].name, status: 'ok' }
      : { id, name: BREACH_SOURCES[id].name, status: 'unavailable', message: `${BREACH_SOURCES[id].name}'s breach catalogue has not been loaded on this server yet.` },
  );
  if (found.loaded.length === 0) {
    return { status: 'unavailable', message: 'No breach catalogue has been loaded on this server yet.', findings: [], sources };
  }
  const notLoaded = sources.filter((s) => s.status !== 'ok');
  return {
    status: 'ok',
    ...(notLoaded.length > 0 ? { message: `Checked ${breachSourceNames(found.loaded)}'s catalogue only: ${notLoaded.map((s) => s.message).join(' ')}` } : {}),
    findings: analyzeWebsiteBreaches(found.breaches),
    sources,
  };
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

/** A year-only breach date and the sensitive flag from the source's own catalogue, when it lists the breach. */
async function withCatalogueDetails(source: BreachSourceId, records: BreachRecord[], catalogue: Catalogue): Promise<BreachRecord[]> {
  const needs = records.filter((r) => /^\d{4}$/.test(r.breachDate) || source !== 'hibp');
  if (needs.length === 0) return records;
  const known = await catalogue.recordsByName(source, needs.map((r) => r.name));
  return records.map((record) => {
    const entry = known.get(record.name);
    if (!entry) return record;
    const sameYear = entry.breachDate.startsWith(record.breachDate.slice(0, 4));
    return { ...record, breachDate: sameYear ? entry.breachDate : record.breachDate, isSensitive: record.isSensitive || entry.isSensitive };
  });
}

/** The pastes of the sources that report them with the breaches (XposedOrNot), and HIBP's when it was asked and answered. */
function pastesOf(answered: BreachSourceId[], answers: Record<BreachSourceId, SourceLookup>, hibp: PasteDetail[] | undefined): PasteExposure | undefined {
  const reporting = answered.filter((id) => exposureOf(answers[id]).pastes !== undefined);
  const all = reporting.map((id) => exposureOf(answers[id]).pastes!);
  if (hibp) all.unshift({ count: hibp.length, details: hibp });
  if (all.length === 0) return undefined;
  return { count: all.reduce((sum, p) => sum + p.count, 0), details: all.flatMap((p) => p.details), sources: hibp ? ['hibp', ...reporting] : reporting };
}
