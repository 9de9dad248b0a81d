import { parse } from 'csv-parse/sync';
import { FINDINGS_CSV_COLUMNS, findingsCsv, safeCell } from './findings-csv.writer';
import type { FlatFinding } from './scan-findings';

const finding = (overrides: Partial<FlatFinding> = {}): FlatFinding => ({
  scanId: 'scan-1',
  scannedAt: new Date('2026-01-02T03:04:05Z'),
  input: 'jane@example.com',
  scanType: 'privacy',
  group: 'personalInfo',
  type: 'gravatar_name_public',
  value: 'Name: Jane',
  risk: 'medium',
  source: 'Gravatar',
  description: 'The public profile of this address shows a name',
  evidence: 'https://gravatar.com/jane',
  recommendation: 'Remove it',
  ...overrides,
});

describe('findingsCsv', () => {
  it('writes a header and one row per finding, CRLF-separated', () => {
    const csv = findingsCsv([finding(), finding({ scanId: 'scan-2' })]);
    expect(csv.split('\r\n')).toHaveLength(4); // header, two rows, the final line break
    const rows = parse(csv) as string[][];
    expect(rows[0]).toEqual([...FINDINGS_CSV_COLUMNS]);
    expect(rows[1]).toEqual([
      'scan-1',
      '2026-01-02T03:04:05.000Z',
      'jane@example.com',
      'privacy',
      'personalInfo',
      'gravatar_name_public',
      'Name: Jane',
      'medium',
      'Gravatar',
      'The public profile of this address shows a name',
      'https://gravatar.com/jane',
      'Remove it',
    ]);
    expect(rows[2][0]).toBe('scan-2');
  });

  it('quotes commas, quotes and line breaks (RFC 4180) so they survive a round trip', () => {
    const value = 'He said "hi", then\nleft\r\nagain';
    const csv = findingsCsv([finding({ value, evidence: 'a,b' })]);
    expect(csv).toContain('"He said ""hi"", then\nleft\r\nagain"');
    expect(csv).toContain('"a,b"');
    const rows = parse(csv) as string[][];
    expect(rows[1][6]).toBe(value);
    expect(rows[1][10]).toBe('a,b');
  });

  it('neutralises formulas behind leading spaces, and leaves ordinary text alone', () => {
    for (const value of [' =1+1', '   +1', '\u00a0@SUM(A1)', ' \t-2', '\n=cmd']) expect(safeCell(value)).toBe(`'${value}`);
    for (const value of ['a =1', 'email@example.com', ' plain', '']) expect(safeCell(value)).toBe(value);
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    const rows = parse(findingsCsv([finding({ value: '=HYPERLINK("http://evil.example","x")', evidence: '+1', source: '-2', input: '@cmd', description: '=x', recommendation: '\tx' })])) as string[][];
    expect(rows[1][6]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(rows[1][10]).toBe("'+1");
    expect(rows[1][9]).toBe("'=x");
    expect(rows[1][8]).toBe("'-2");
    expect(rows[1][2]).toBe("'@cmd");
    expect(rows[1][11]).toBe("'\tx");
  });

  it('leaves ordinary text alone', () => {
    expect(safeCell('jane@example.com')).toBe('jane@example.com');
    expect(safeCell('a=b')).toBe('a=b');
    expect(safeCell('')).toBe('');
  });
});
