import { FileDownloadFake, type ServedFile } from './file-download-fake';

/**
 * A loopback stand-in for California's data broker registry download (the CPPA's registry.csv):
 * a UTF-8 CSV with a byte-order mark, a row of notes above the header row, headers as the agency
 * writes them (closing colons, a non-breaking space, long questions), quoted fields holding commas
 * and line breaks, and columns we do not read (phone, FCRA, metrics). The brokers are invented.
 */

export interface RegistryBroker {
  name: string;
  dba?: string;
  website?: string;
  email?: string;
  street?: string;
  city?: string;
  state?: string;
  zip?: string;
  rightsPage?: string;
}

export const SAMPLE_BROKERS: RegistryBroker[] = [
  {
    name: 'Quillfeather People Search, Inc.',
    dba: 'QuillSearch',
    website: 'www.quillfeather.example',
    email: 'privacy@quillfeather.example',
    street: '10 Mission Street, Suite 5',
    city: 'San Francisco',
    state: 'CA',
    zip: '94105',
    rightsPage: 'https://www.quillfeather.example/ccpa',
  },
  { name: 'Meridian Data Brokers Inc.', website: 'https://meridiandata.example/', email: 'optout@meridiandata.example', street: '200 Market Street', city: 'San Francisco', state: 'CA', zip: '94105' },
  { name: 'Ashgrove Audience Labs LLC', website: 'https://ashgrove.example', rightsPage: 'https://ashgrove.example/privacy-requests', street: '5 Elm Road\nFloor 2', city: 'Austin', state: 'TX', zip: '73301' },
  // No way to reach it: dropped.
  { name: 'Nowhere Lists LLC', dba: 'N/A' },
];

const HEADERS = [
  'Data broker\u00a0name:',
  'Doing Business As (DBA), if applicable:',
  'Data broker primary website:',
  'Data broker primary contact email address:',
  'Data broker primary phone number: [optional]',
  'Data broker primary street address:',
  'Data broker city:',
  'Data broker state:',
  'Data broker zip code:',
  'Data broker country:',
  "Data broker's primary website that contains details on how consumers can exercise their CA Consumer Privacy Act rights, including how to delete their personal information:",
  'The data broker or any of its subsidiaries is regulated by the federal Fair Credit Reporting Act (FCRA):',
  'Requests to delete - Total requests received',
];

const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The registry file for these brokers, in the CPPA's layout. */
export function registryCsv(brokers: readonly RegistryBroker[]): string {
  const rows = [
    ['Registration year 2026. The information below was provided by the data brokers.', ...HEADERS.slice(1).map(() => '')],
    HEADERS,
    ...brokers.map((b) => [b.name, b.dba ?? '', b.website ?? '', b.email ?? '', '', b.street ?? '', b.city ?? '', b.state ?? '', b.zip ?? '', b.street ? 'United States' : '', b.rightsPage ?? '', 'No', '12']),
  ];
  return `\uFEFF${rows.map((row) => row.map(quote).join(',')).join('\r\n')}\r\n`;
}

export class FakeBrokerRegistry extends FileDownloadFake {
  brokers: RegistryBroker[] = [...SAMPLE_BROKERS];
  /** Answer with an HTML page (what a moved registry serves) instead of the CSV. */
  html = false;
  protected readonly path = '/data_broker_registry/registry.csv';

  get env(): Record<string, string> {
    return { CA_BROKER_REGISTRY_URL: this.url };
  }

  protected file(): ServedFile {
    return this.html
      ? { body: Buffer.from('<!doctype html><title>Data Broker Registry</title><p>Moved.</p>', 'utf8'), contentType: 'text/html' }
      : { body: Buffer.from(registryCsv(this.brokers), 'utf8'), contentType: 'text/csv; charset=utf-8' };
  }
}
