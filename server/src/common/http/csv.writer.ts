import { stringify } from 'csv-stringify/sync';

/**
 * What a spreadsheet would run as a formula (OWASP's list: = + - @, tab and carriage return),
 * also after leading spaces, which spreadsheets skip (" =1+1" is a formula too).
 */
const FORMULA_START = /^\s*[=+\-@\t\r]/;

/** A cell a spreadsheet shows as text: formula-like values get a leading apostrophe. */
export function safeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * A CSV file of downloads (RFC 4180): CRLF between records, fields with a comma, quote or line break
 * quoted, quotes doubled, every cell made formula-safe (their values come from outside).
 */
export function csvFile(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return stringify([[...header], ...rows.map((row) => row.map(safeCell))], { record_delimiter: 'windows', quoted_match: /[\r\n]/ });
}
