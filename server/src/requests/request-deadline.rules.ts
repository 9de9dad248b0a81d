import type { Jurisdiction, RequestKind } from './request.types';

/** A calendar day, `YYYY-MM-DD`, in the person's own reckoning (no time of day, no time zone). */
export type CalendarDay = string;

export interface Deadline {
  /** The last day of the period to answer. */
  due: CalendarDay;
  /** The last day if the organisation extends the period (and tells the person in time); null when the law allows none. */
  extendedDue: CalendarDay | null;
  /** The period in words, with its source: "one month (Article 12(3) GDPR)". */
  period: string;
  /** False for a plain request: a date we suggest, not one a law sets. */
  legal: boolean;
}

const DAY_MS = 86_400_000;
const parse = (day: CalendarDay) => {
  const [y, m, d] = day.split('-').map(Number);
  return { y, m, d };
};
const format = (y: number, m: number, d: number): CalendarDay => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The day of a Date in UTC. */
export function calendarDay(date: Date): CalendarDay {
  return date.toISOString().slice(0, 10);
}

/**
 * `months` after a day: the same day of the month, or the month's last day when it has no such
 * day (31 January + 1 month = 28 or 29 February), the rule of Regulation 1182/71 Article 3(2)(c)
 * that the GDPR's periods follow, and the ICO's reading for the UK GDPR.
 */
export function addMonths(day: CalendarDay, months: number): CalendarDay {
  const { y, m, d } = parse(day);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return format(year, month, Math.min(d, daysIn(year, month)));
}

export function addDays(day: CalendarDay, days: number): CalendarDay {
  return calendarDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** `days` working days after a day, Saturdays and Sundays left out (public holidays are not known here). */
export function addBusinessDays(day: CalendarDay, days: number): CalendarDay {
  let current = day;
  let left = days;
  while (left > 0) {
    current = addDays(current, 1);
    const weekday = new Date(`${current}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return current;
}

/** The days between two calendar days (negative when `to` is before `from`). */
export function daysBetween(from: CalendarDay, to: CalendarDay): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Courtesy period of a plain request: no law sets one; a month is what most laws give. */
const PLAIN_DAYS = 30;

/**
 * When the organisation must answer a request it received on `received`:
 * - GDPR and UK GDPR: one month, extendable by two further months (Article 12(3));
 * - CCPA: 45 days, extendable once by 45 more (Civil Code § 1798.130(a)(2)(A)); an opt-out of sale or
 *   sharing within 15 business days, without extension (Cal. Code Regs. tit. 11, § 7026(f));
 * - elsewhere, or a kind the law does not cover: a suggested 30 days.
 */
export function deadlineFor(jurisdiction: Jurisdiction, kind: RequestKind, received: CalendarDay): Deadline {
  const law = kind === 'plain' ? 'other' : jurisdiction;
  if (law === 'gdpr' || law === 'uk_gdpr') {
    const name = law === 'gdpr' ? 'GDPR' : 'UK GDPR';
    return { due: addMonths(received, 1), extendedDue: addMonths(received, 3), period: `one month, extendable by two further months (Article 12(3) ${name})`, legal: true };
  }
  if (law === 'ccpa' && kind === 'opt_out_sale') {
    return { due: addBusinessDays(received, 15), extendedDue: null, period: '15 business days (Cal. Code Regs. tit. 11, § 7026(f))', legal: true };
  }
  if (law === 'ccpa' && kind !== 'objection_marketing') {
    return { due: addDays(received, 45), extendedDue: addDays(received, 90), period: '45 days, extendable once by 45 more (Cal. Civ. Code § 1798.130(a)(2)(A))', legal: true };
  }
  return { due: addDays(received, PLAIN_DAYS), extendedDue: null, period: `${PLAIN_DAYS} days (a suggested time: no law sets one for this request)`, legal: false };
}
