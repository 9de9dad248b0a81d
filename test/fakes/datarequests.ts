import { gzipSync } from 'node:zlib';
import { FileDownloadFake, type ServedFile } from './file-download-fake';

/**
 * A loopback stand-in for the organisation catalogue's download: a gzipped tar of a repository
 * laid out like datarequests.org's data repository (what GitHub's codeload serves for it), with
 * a pax global header, a root folder, companies/*.json and supervisory-authorities/*.json in the
 * records' real format, and files we do not read (schema, templates, packs). The records are our
 * own invented ones, not copies of the real database.
 */

/** A company record in the database's format (its schema.json's field names). */
export type CompanyRecord = Record<string, unknown> & { slug: string; name: string };

export const SAMPLE_COMPANIES: CompanyRecord[] = [
  {
    slug: 'lantern-market',
    'relevant-countries': ['all'],
    categories: ['commerce'],
    name: 'Lantern Market Ltd.',
    runs: ['Lantern Market', 'Lantern Deals (deals.lanternmarket.example)'],
    address: '1 Harbour Row\nDublin 2\nIreland',
    email: 'privacy@lanternmarket.example',
    web: 'https://www.lanternmarket.example/',
    sources: ['https://www.lanternmarket.example/privacy'],
    'suggested-transport-medium': 'email',
    quality: 'verified',
  },
  {
    slug: 'northwind-forum-de',
    'relevant-countries': ['de'],
    categories: ['social media'],
    name: 'Northwind Forum GmbH',
    address: 'Beispielweg 4\n10115 Berlin\nDeutschland',
    email: 'datenschutz@northwindforum.example',
    web: 'https://northwindforum.example/',
    sources: ['https://northwindforum.example/datenschutz'],
    'required-elements': [
      { desc: 'Forum user name', type: 'input' },
      { desc: 'Date of birth', type: 'birthdate', optional: true },
    ],
    'needs-id-document': false,
    quality: 'tested',
  },
  {
    slug: 'google',
    'relevant-countries': ['all'],
    categories: ['ads', 'social media', 'entertainment'],
    name: 'Google Ireland Limited',
    runs: ['YouTube', 'Google Analytics (google-analytics.com)', 'DoubleClick (doubleclick.net)'],
    address: 'Gordon House\nBarrow Street\nDublin 4\nIreland',
    webform: 'https://support.google.example/policies/troubleshooter/privacy',
    web: 'https://www.google.com/',
    sources: ['https://policies.google.example/privacy'],
    'suggested-transport-medium': 'webform',
    quality: 'verified',
  },
  {
    slug: 'meridian-data-brokers',
    'relevant-countries': ['all'],
    categories: ['addresses', 'ads', 'credit agency'],
    name: 'Meridian Data Brokers Inc.',
    address: '200 Market Street\nSan Francisco, CA 94105\nUnited States',
    email: 'optout@meridiandata.example',
    web: 'https://meridiandata.example/',
    sources: ['https://meridiandata.example/privacy'],
    'needs-id-document': true,
    quality: 'imported',
  },
];

export const SAMPLE_AUTHORITIES: CompanyRecord[] = [
  {
    slug: 'gbico',
    'relevant-countries': ['gb'],
    name: "Information Commissioner's Office",
    address: 'Wycliffe House\nWater Lane\nWilmslow\nCheshire\nSK9 5AF\nUnited Kingdom',
    web: 'https://ico.org.uk',
    sources: ['https://ico.org.uk/global/contact-us/'],
    'complaint-language': 'en',
  },
  {
    slug: 'debfdi',
    'relevant-countries': ['de'],
    name: 'Die Bundesbeauftragte für den Datenschutz und die Informationsfreiheit',
    address: 'Graurheindorfer Str. 153\n53117 Bonn\nDeutschland',
    email: 'poststelle@bfdi.example',
    web: 'https://www.bfdi.bund.de',
    sources: ['https://www.bfdi.bund.de/'],
    'complaint-language': 'de',
  },
];

/** `count` invented companies (for the size and import time measure): varied fields, unique slugs and domains. */
export function generatedCompanies(count: number): CompanyRecord[] {
  return Array.from({ length: count }, (_, i) => ({
    slug: `generated-company-${i}`,
    'relevant-countries': i % 3 === 0 ? ['all'] : ['de', 'at'],
    categories: i % 5 === 0 ? ['addresses', 'ads'] : ['commerce'],
    name: `Generated Company ${i} GmbH`,
    runs: [`Brand ${i}`, `Shop ${i} (shop${i}.example)`],
    address: `Musterstraße ${i}\n${10000 + i} Musterstadt\nDeutschland`,
    email: `privacy@company${i}.example`,
    web: `https://www.company${i}.example/`,
    sources: [`https://www.company${i}.example/privacy`],
    ...(i % 7 === 0 ? { 'required-elements': [{ desc: 'Customer number', type: 'input' }] } : {}),
    quality: i % 2 === 0 ? 'verified' : 'imported',
  }));
}

const BLOCK = 512;

function tarHeader(name: string, size: number, type: string): Buffer {
  const header = Buffer.alloc(BLOCK);
  header.write(name, 0, 100, 'utf8');
  header.write('0000644\0', 100);
  header.write('0000000\0', 108);
  header.write('0000000\0', 116);
  header.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  header.write(`${Math.floor(Date.UTC(2026, 0, 1) / 1000).toString(8).padStart(11, '0')}\0`, 136);
  header.write('        ', 148);
  header.write(type, 156);
  header.write('ustar\0', 257);
  header.write('00', 263);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return header;
}

function tarEntry(name: string, content: Buffer, type = '0'): Buffer {
  const padding = Buffer.alloc((BLOCK - (content.length % BLOCK)) % BLOCK);
  return Buffer.concat([tarHeader(name, content.length, type), content, padding]);
}

/** The repository archive of these records, as GitHub lays it out. */
export function catalogueArchive(companies: readonly CompanyRecord[], authorities: readonly CompanyRecord[]): Buffer {
  const root = 'data-0123456789abcdef';
  const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 4)}\n`);
  const parts = [
    // GitHub puts the commit in a pax global header first.
    tarEntry('pax_global_header', Buffer.from('52 comment=0123456789abcdef0123456789abcdef01234567\n'), 'g'),
    tarEntry(`${root}/`, Buffer.alloc(0), '5'),
    tarEntry(`${root}/schema.json`, json({ title: 'record schema' })),
    tarEntry(`${root}/company-packs/all.json`, json([{ slug: 'social-media', type: 'choose', companies: ['google'] }])),
    tarEntry(`${root}/templates/en/access-default.txt`, Buffer.from('not a record\n')),
    tarEntry(`${root}/companies/`, Buffer.alloc(0), '5'),
    ...companies.map((c) => tarEntry(`${root}/companies/${c.slug}.json`, json(c))),
    tarEntry(`${root}/supervisory-authorities/`, Buffer.alloc(0), '5'),
    ...authorities.map((a) => tarEntry(`${root}/supervisory-authorities/${a.slug}.json`, json(a))),
    Buffer.alloc(BLOCK * 2),
  ];
  return gzipSync(Buffer.concat(parts));
}

export class FakeDatarequests extends FileDownloadFake {
  companies: CompanyRecord[] = [...SAMPLE_COMPANIES];
  authorities: CompanyRecord[] = [...SAMPLE_AUTHORITIES];
  /** Answer with bytes that are no gzip. */
  damaged = false;
  protected readonly path = '/datenanfragen/data/tar.gz/refs/heads/master';

  get env(): Record<string, string> {
    return { ORGANISATION_CATALOGUE_URL: this.url };
  }

  protected file(): ServedFile {
    const body = this.damaged ? Buffer.from('this is not a gzip file') : catalogueArchive(this.companies, this.authorities);
    return { body, contentType: 'application/x-gzip' };
  }
}
