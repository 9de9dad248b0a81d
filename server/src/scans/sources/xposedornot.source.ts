import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../common/config/app.config';
import { APP_CONFIG } from '../../common/config/config.module';
import { failure, malformed, parseJson, RATE_LIMIT_MESSAGE, retryAfterSeconds, sourceGet, SourceResponse, statusFailure } from './source-http.util';
import type { BreachRecord, SourceResult } from './source.types';

export const XPOSEDORNOT_SERVICE = 'XposedOrNot';
export const XPOSEDORNOT_OFF_MESSAGE = 'XposedOrNot is turned off on this server (XPOSEDORNOT_ENABLED=false)';
/** A 429 that says nothing of when to come back (XposedOrNot drops requests of repeat offenders so). */
export const XPOSEDORNOT_DEFAULT_RETRY_AFTER_SECONDS = 60;

/** A paste XposedOrNot lists for an address (breach-analytics' ExposedPastes). */
export interface XonPaste {
  id: string;
  /** A day or a year. */
  date?: string;
  recordCount?: number;
}

/** What XposedOrNot knows of one address: its breaches (details included) and pastes. */
export interface XonExposure {
  breaches: BreachRecord[];
  /** PastesSummary.cnt: the count, even when the details are not given. */
  pasteCount: number;
  pastes: XonPaste[];
}

/**
 * XposedOrNot's free API (https://xposedornot.com/api_doc; no key): `GET /breach-analytics?email=`
 * answers an address's breaches with their details (data classes, records, dates) and its pastes in
 * one request, so it is the one route asked per address (`/check-email/{email}` would answer the
 * names only, under the same limits); `GET /breaches` is the whole breach catalogue. Statuses:
 * 200 an answer, 404 "not found" (no breach, or the owner hid the address), 429 rate limited with
 * Retry-After (2 a second, 25 an hour, 100 a day per IP and route). Answers are checked field by
 * field: a breach with a field we use missing or mistyped makes the whole answer malformed.
 */
@Injectable()
export class XposedOrNotSource {
  private readonly apiUrl: string;
  private readonly userAgent: string;
  readonly enabled: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.apiUrl = config.sources.xposedOrNot.apiUrl;
    this.enabled = config.sources.xposedOrNot.enabled;
    this.userAgent = config.sources.userAgent;
  }

  /** The address's breaches and pastes; empty lists when XposedOrNot knows none. */
  async breachAnalytics(email: string, signal: AbortSignal): Promise<SourceResult<XonExposure>> {
    if (!this.enabled) return failure('not_configured', XPOSEDORNOT_OFF_MESSAGE);
    const answer = await this.get(`/breach-analytics?email=${encodeURIComponent(email)}`, signal);
    if (answer.status !== 'ok') return answer;
    const res = answer.data;
    if (res.status === 404) return { status: 'ok', data: { breaches: [], pasteCount: 0, pastes: [] } };
    if (res.status !== 200) return this.failureOf(res);
    const parsed = parseJson(XPOSEDORNOT_SERVICE, res.text);
    if (parsed.status !== 'ok') return parsed;
    const exposure = toExposure(parsed.data);
    return exposure ? { status: 'ok', data: exposure } : malformed(XPOSEDORNOT_SERVICE);
  }

  /** Every breach XposedOrNot lists (the catalogue the breach-catalogue module caches). */
  async breaches(signal: AbortSignal): Promise<SourceResult<BreachRecord[]>> {
    if (!this.enabled) return failure('not_configured', XPOSEDORNOT_OFF_MESSAGE);
    const answer = await this.get('/breaches', signal);
    if (answer.status !== 'ok') return answer;
    const res = answer.data;
    if (res.status !== 200) return this.failureOf(res);
    const parsed = parseJson(XPOSEDORNOT_SERVICE, res.text);
    if (parsed.status !== 'ok') return parsed;
    const list = isObject(parsed.data) ? parsed.data.exposedBreaches : undefined;
    if (!Array.isArray(list)) return malformed(XPOSEDORNOT_SERVICE);
    const records: BreachRecord[] = [];
    for (const item of list) {
      const record = catalogueRecord(item);
      if (!record) return malformed(XPOSEDORNOT_SERVICE);
      records.push(record);
    }
    return { status: 'ok', data: records };
  }

  private get(path: string, signal: AbortSignal) {
    return sourceGet({ service: XPOSEDORNOT_SERVICE, url: `${this.apiUrl}${path}`, userAgent: this.userAgent, signal, headers: { accept: 'application/json' } });
  }

  /** 429 with Retry-After (the header, else the body's detail.retry_after, else a minute); the rest as usual. */
  private failureOf(res: SourceResponse): SourceResult<never> {
    if (res.status !== 429) return statusFailure(XPOSEDORNOT_SERVICE, res, 'XposedOrNot needs no key');
    const fromHeader = retryAfterSeconds(res.headers.get('retry-after'));
    const fromBody = (() => {
      const parsed = parseJson(XPOSEDORNOT_SERVICE, res.text);
      const detail = parsed.status === 'ok' && isObject(parsed.data) ? parsed.data.detail : undefined;
      const seconds = isObject(detail) ? detail.retry_after : undefined;
      return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? Math.min(Math.ceil(seconds), 86_400) : undefined;
    })();
    return failure('rate_limited', RATE_LIMIT_MESSAGE, fromHeader ?? fromBody ?? XPOSEDORNOT_DEFAULT_RETRY_AFTER_SECONDS);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const optionalText = (value: unknown) => value === undefined || value === null || typeof value === 'string';

/** A count that XposedOrNot sends as a number or as digits. */
function toCount(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

/** "Email addresses;Passwords" → its data classes. */
const dataClassesOf = (text: string) => text.split(';').map((part) => part.trim()).filter(Boolean);

/** XposedOrNot says "Yes"/"No" in breach-analytics and booleans in /breaches. */
function toFlag(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return /^(yes|true)$/i.test(value.trim());
  return value === undefined || value === null ? false : undefined;
}

/** `2013-10-04T00:00:00` (or with a zone) → `2013-10-04`; a bare year stays a year. */
function toDay(value: string): string | undefined {
  const day = /^(\d{4}-\d{2}-\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value.trim());
  if (day && !Number.isNaN(Date.parse(day[1]))) return day[1];
  return /^\d{4}$/.test(value.trim()) ? value.trim() : undefined;
}

function toExposure(value: unknown): XonExposure | undefined {
  if (!isObject(value)) return undefined;
  const breaches: BreachRecord[] = [];
  const exposed = value.ExposedBreaches;
  if (exposed !== null && exposed !== undefined) {
    const details = isObject(exposed) ? exposed.breaches_details : undefined;
    if (!Array.isArray(details)) return undefined;
    for (const item of details) {
      const record = analyticsRecord(item);
      if (!record) return undefined;
      breaches.push(record);
    }
  }
  // Sites listed in the summary but not detailed would be breaches we cannot describe.
  const summary = value.BreachesSummary;
  const site = isObject(summary) && isText(summary.site) ? summary.site.trim() : '';
  if (site !== '' && breaches.length === 0) return undefined;

  const pastes = pastesOf(value.ExposedPastes);
  if (!pastes) return undefined;
  const pasteSummary = value.PastesSummary;
  const counted = isObject(pasteSummary) ? toCount(pasteSummary.cnt) : 0;
  if (counted === undefined) return undefined;
  return { breaches, pasteCount: Math.max(counted, pastes.length), pastes };
}

/** ExposedPastes: null, `{pastes_details: [...]}` (as XposedOrNot's own site reads it) or a bare list. */
function pastesOf(value: unknown): XonPaste[] | undefined {
  if (value === null || value === undefined) return [];
  const list = Array.isArray(value) ? value : isObject(value) ? value.pastes_details : undefined;
  if (!Array.isArray(list)) return undefined;
  const pastes: XonPaste[] = [];
  for (const item of list) {
    if (!isObject(item)) return undefined;
    const id = item.pasteId ?? item.id;
    if (!isText(id) || id.trim() === '') return undefined;
    const paste: XonPaste = { id: id.trim() };
    const date = isText(item.xposed_date) ? toDay(item.xposed_date) : undefined;
    if (date) paste.date = date;
    const records = toCount(item.xposed_records);
    if (records !== undefined) paste.recordCount = records;
    pastes.push(paste);
  }
  return pastes;
}

/** One of breach-analytics' breaches_details. */
function analyticsRecord(value: unknown): BreachRecord | undefined {
  if (!isObject(value)) return undefined;
  const { breach, details, domain, xposed_data: data, xposed_date: date, verified, added } = value;
  if (!isText(breach) || breach.trim() === '' || !isText(domain) || !isText(data) || !isText(date)) return undefined;
  if (!optionalText(details) || !optionalText(added)) return undefined;
  const pwnCount = toCount(value.xposed_records);
  const breachDate = toDay(date);
  const isVerified = toFlag(verified);
  if (pwnCount === undefined || breachDate === undefined || isVerified === undefined) return undefined;
  const record = xonRecord(breach.trim(), domain, breachDate, pwnCount, (details as string | undefined) ?? '', dataClassesOf(data), isVerified, false);
  if (isText(added) && !Number.isNaN(Date.parse(added))) record.addedDate = added;
  return record;
}

/** One of /breaches' exposedBreaches. */
function catalogueRecord(value: unknown): BreachRecord | undefined {
  if (!isObject(value)) return undefined;
  const { breachID: id, breachedDate, domain, exposedData, exposureDescription, addedDate } = value;
  if (!isText(id) || id.trim() === '' || !isText(breachedDate) || !isText(domain)) return undefined;
  if (!Array.isArray(exposedData) || !exposedData.every(isText) || !optionalText(exposureDescription) || !optionalText(addedDate)) return undefined;
  const pwnCount = toCount(value.exposedRecords);
  const breachDate = toDay(breachedDate);
  const isVerified = toFlag(value.verified);
  const isSensitive = toFlag(value.sensitive);
  if (pwnCount === undefined || breachDate === undefined || isVerified === undefined || isSensitive === undefined) return undefined;
  const dataClasses = exposedData.map((c) => c.trim()).filter(Boolean);
  const record = xonRecord(id.trim(), domain, breachDate, pwnCount, (exposureDescription as string | undefined) ?? '', dataClasses, isVerified, isSensitive);
  if (isText(addedDate) && !Number.isNaN(Date.parse(addedDate))) record.addedDate = addedDate;
  return record;
}

function xonRecord(
  name: string,
  domain: string,
  breachDate: string,
  pwnCount: number,
  description: string,
  dataClasses: string[],
  isVerified: boolean,
  isSensitive: boolean,
): BreachRecord {
  return {
    source: 'xposedornot',
    name,
    // XposedOrNot has no separate title: its name is what it shows.
    title: name,
    domain: domain.trim().toLowerCase(),
    breachDate,
    pwnCount,
    description,
    dataClasses,
    isVerified,
    isFabricated: false,
    isSensitive,
    isRetired: false,
    isSpamList: false,
    isMalware: false,
    isStealerLog: false,
    isSubscriptionFree: false,
  };
}
