/**
 * How money, numbers and dates read everywhere in the client: one place, on Intl. Dates read
 * day-month-year ("3 February 2031"), which no reader takes for another day; amounts in US dollars
 * as the plan catalogue prices them.
 */
const DATE_LOCALE = 'en-GB';
const NUMBER_LOCALE = 'en-US';

/**
 * A formatter made on first use: making an Intl formatter loads locale data, tens of milliseconds
 * each on a phone, which a page that shows no date should not spend while it starts.
 */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const DAY = onFirstUse(() => new Intl.DateTimeFormat(DATE_LOCALE, { day: 'numeric', month: 'long', year: 'numeric' }));
const UTC_DAY = onFirstUse(() => new Intl.DateTimeFormat(DATE_LOCALE, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }));
const DAY_AND_TIME = onFirstUse(
  () => new Intl.DateTimeFormat(DATE_LOCALE, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }),
);
const SHORT_UTC_DAY = onFirstUse(() => new Intl.DateTimeFormat(DATE_LOCALE, { day: 'numeric', month: 'short', timeZone: 'UTC' }));
const NUMBER = onFirstUse(() => new Intl.NumberFormat(NUMBER_LOCALE));

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A date-only value (YYYY-MM-DD) is a calendar day, read in UTC so no time zone moves it. */
function parse(value: string | Date): { date: Date; dayOnly: boolean } {
  if (value instanceof Date) return { date: value, dayOnly: false };
  const dayOnly = DATE_ONLY.test(value);
  return { date: new Date(dayOnly ? `${value}T00:00:00Z` : value), dayOnly };
}

/** "3 February 2031"; a timestamp in the reader's time zone. The value itself when unreadable. */
export function formatDate(value: string | Date): string {
  // A year alone (a source that says no more) stays a year: no invented day.
  if (typeof value === 'string' && /^\d{4}$/.test(value)) return value;
  const { date, dayOnly } = parse(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return (dayOnly ? UTC_DAY() : DAY()).format(date);
}

/** "3 Feb 2031, 14:05" in the reader's time zone. */
export function formatDateTime(value: string | Date): string {
  const { date } = parse(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return DAY_AND_TIME().format(date);
}

/** "3 Feb" for a YYYY-MM-DD day (a UTC day, as the server counts them). */
export function formatShortDay(day: string): string {
  const { date } = parse(day);
  if (Number.isNaN(date.getTime())) return day;
  return SHORT_UTC_DAY().format(date);
}

/** "1,234,567". */
export function formatNumber(value: number): string {
  return NUMBER().format(value);
}

const moneyFormats = new Map<string, { whole: Intl.NumberFormat; cents: Intl.NumberFormat }>();

/** "$0", "$10", "$9.99" for an amount in cents (whole amounts without ".00"). */
export function formatMoney(cents: number, currency = 'USD'): string {
  let formats = moneyFormats.get(currency);
  if (!formats) {
    const options = { style: 'currency', currency, currencyDisplay: 'narrowSymbol' } as const;
    formats = {
      whole: new Intl.NumberFormat(NUMBER_LOCALE, { ...options, minimumFractionDigits: 0, maximumFractionDigits: 0 }),
      cents: new Intl.NumberFormat(NUMBER_LOCALE, { ...options, minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    };
    moneyFormats.set(currency, formats);
  }
  return (cents % 100 === 0 ? formats.whole : formats.cents).format(cents / 100);
}
