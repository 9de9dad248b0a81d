import { parse } from 'csv-parse/sync';
import { emailAddress, registrableDomain, webUrl } from './organisation-record.parser';
import { DATA_BROKER_CATEGORY, type Organisation } from './organisation.types';

/** The registry lists about 550 brokers; a file with far more rows is not the registry. */
const MAX_ROWS = 20_000;
/** How many leading rows may come before the header row (the CPPA file has a row of notes above it). */
const MAX_HEADER_SEARCH = 10;
const MAX_FIELD = 2_000;
/** Broker slugs live beside the datarequests.org ones: a prefix keeps them apart. */
export const CA_BROKER_SLUG_PREFIX = 'ca-broker-';

export interface ParsedRegistry {
  organisations: Organisation[];
  /** Rows with no name or no way to reach the broker (no email, website or rights page). */
  dropped: number;
}

/** A header as compared: no BOM, non-breaking spaces as spaces, one space between words, lower case, no closing colon. */
export function normaliseHeader(header: string): string {
  return header
    .replace(/\uFEFF/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
    .replace(/\s*:$/, '');
}

/**
 * Columns found by their header text, not their position: the registry's columns are reordered and
 * renamed between registration years ("Data broker name:" today, "Business name" in 2024).
 */
const COLUMNS = {
  name: (h: string) => h === 'data broker name' || h === 'business name',
  dba: (h: string) => h.startsWith('doing business as'),
  website: (h: string) => h === 'data broker primary website' || h === 'business primary website',
  email: (h: string) => /^(data broker|business) primary contact email/.test(h),
  street: (h: string) => /^(data broker|business) primary street address/.test(h),
  city: (h: string) => /^(data broker|business) city/.test(h),
  state: (h: string) => /^(data broker|business) state/.test(h),
  zip: (h: string) => /^(data broker|business) zip/.test(h),
  country: (h: string) => /^(data broker|business) country/.test(h),
  rights: (h: string) => h.includes('exercise their ca consumer privacy') || h.includes('how to delete their personal information'),
} as const;
type Column = keyof typeof COLUMNS;

const cell = (row: readonly string[], index: number | undefined): string | null => {
  if (index === undefined) return null;
  const value = (row[index] ?? '').replace(/\s+/g, ' ').trim();
  return value === '' ? null : value.slice(0, MAX_FIELD);
};

/** A website as registered: often without a scheme ("www.example.com"). */
function website(value: string | null): string | null {
  if (!value) return null;
  return webUrl(/^https?:\/\//i.test(value) ? value : `https://${value}`);
}

function slugOf(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
  return `${CA_BROKER_SLUG_PREFIX}${base || 'broker'}`;
}

/**
 * California's data broker registry as the CPPA publishes it (CSV, one broker a row, a header row
 * near the top) into catalogue records: company, category "data broker", relevant to the United
 * States, reached by its contact email or its consumer-rights page. Only the contact fields are
 * kept; the registry's metrics and disclosures are not. Throws when no header row names the broker.
 */
export function parseBrokerRegistry(text: string): ParsedRegistry {
  const rows = parse(text, { bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, to: MAX_ROWS + MAX_HEADER_SEARCH }) as string[][];
  const headerAt = rows.slice(0, MAX_HEADER_SEARCH).findIndex((row) => row.some((h) => COLUMNS.name(normaliseHeader(h))));
  if (headerAt < 0) throw new Error('no header row names the data broker');
  const headers = rows[headerAt].map(normaliseHeader);
  const index = Object.fromEntries(
    (Object.keys(COLUMNS) as Column[]).map((column) => {
      const at = headers.findIndex((h) => COLUMNS[column](h));
      return [column, at < 0 ? undefined : at];
    }),
  ) as Record<Column, number | undefined>;

  const organisations: Organisation[] = [];
  const slugs = new Set<string>();
  let dropped = 0;
  for (const row of rows.slice(headerAt + 1)) {
    const name = cell(row, index.name);
    const email = emailAddress(cell(row, index.email));
    const web = website(cell(row, index.website));
    const rights = website(cell(row, index.rights));
    if (!name || (!email && !web && !rights)) {
      if (row.some((value) => value.trim() !== '')) dropped++;
      continue;
    }
    let slug = slugOf(name);
    for (let n = 2; slugs.has(slug); n++) slug = `${slugOf(name)}-${n}`;
    slugs.add(slug);
    const dba = cell(row, index.dba);
    const hosts = [web, rights].flatMap((url) => (url ? [new URL(url).hostname] : []));
    if (email) hosts.push(email.slice(email.lastIndexOf('@') + 1));
    const cityLine = [cell(row, index.city), [cell(row, index.state), cell(row, index.zip)].filter(Boolean).join(' ')].filter(Boolean).join(', ');
    organisations.push({
      kind: 'company',
      source: 'ca_broker_registry',
      slug,
      name,
      web,
      email,
      // The page where the broker says how to exercise CCPA rights: where a request without email goes.
      webform: rights,
      address: [cell(row, index.street), cityLine, cell(row, index.country)].filter(Boolean).join('\n'),
      countries: ['us'],
      categories: [DATA_BROKER_CATEGORY],
      runs: dba && dba.toLowerCase() !== name.toLowerCase() && !/^(n\/?a|none)$/i.test(dba) ? [dba] : [],
      domains: [...new Set(hosts.map(registrableDomain).filter((d): d is string => d !== null))],
      requiredElements: [],
      needsIdDocument: false,
      transport: email ? 'email' : rights ? 'webform' : 'letter',
      // Registered by the broker itself, not tested by anyone: the catalogue's "imported".
      quality: 'imported',
      complaintLanguage: null,
    });
  }
  return { organisations, dropped };
}
