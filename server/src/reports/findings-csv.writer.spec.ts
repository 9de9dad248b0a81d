import { parse } from 'csv-parse/sync';
import type { StoredRiskFinding } from '../vocabulary/finding.types';
import { FINDING_RECOMMENDATIONS } from '../vocabulary/recommendation.catalogue';
import { FINDINGS_CSV_COLUMNS, findingsCsv, FindingRow, safeCell } from './findings-csv.writer';

type Overrides = Partial<StoredRiskFinding> & { scanId?: string; input?: string };
const finding = ({ scanId = 'scan-1', input = 'jane@example.com', ...overrides }: Overrides = {}): FindingRow => ({
  scan: { id: scanId, startedAt: new Date('2026-01-02T03:04:05Z'), input, scanType: 'privacy' },
  finding: {
    kind: 'risk',
    group: 'personalInfo',
    type: 'gravatar_name_public',
    value: 'Name: Jane',
    risk: 'medium',
    source: 'Gravatar',
    description: 'The public profile of this address shows a name',
    evidence: 'https://gravatar.com/jane/name',
    ...overrides,
  },
});

describe('findingsCsv', () => {
  it('follows the findings with one row per privacy-rights request, in the same columns', () => {
    const request = {
      organisationName: 'Lantern Market Ltd.',
      kind: 'access',
      jurisdiction: 'gdpr',
      status: 'sent',
      context: 'the Lantern Market breach',
      createdAt: '2026-02-01T09:00:00.000Z',
      sentOn: '2026-02-02',
      dueOn: '2026-03-02',
      answeredOn: null,
      notes: 'They asked for my customer number.',
    } as const;
    const rows = parse(findingsCsv([finding()], [request, { ...request, status: 'draft', sentOn: null, dueOn: null, context: null, notes: '' }])) as string[][];
    expect(rows).toHaveLength(4);
    expect(rows[2]).toEqual([
      '',
      '2026-02-01T09:00:00.000Z',
      'Lantern Market Ltd.',
      'rights_request',
      'requests',
      'access',
      'Show me the data you hold',
      '',
      'EU / EEA (GDPR)',
      'Request about the Lantern Market breach',
      'sent 2026-02-02; due 2026-03-02; notes: They asked for my customer number.',
      'Waiting for an answer',
    ]);
    expect(rows[3].slice(9)).toEqual(['Request', 'not sent', 'Draft, not sent yet']);
  });

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
      'https://gravatar.com/jane/name',
      // Today's advice of the catalogue for the finding's type.
      FINDING_RECOMMENDATIONS.gravatar_name_public.action,
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

  it('neutralizes formulas behind leading spaces, and leaves ordinary text alone', () => {
    for (const value of [' =1+1', '   +1', '\u00a0@SUM(A1)', ' \t-2', '\n=cmd']) expect(safeCell(value)).toBe(`'${value}`);
    for (const value of ['a =1', 'email@example.com', ' plain', '']) expect(safeCell(value)).toBe(value);
  });

  it('neutralizes cells a spreadsheet would run as formulas', () => {
    const csv = findingsCsv([
      finding({ value: '=HYPERLINK("http://evil.example","x")', evidence: '+1', source: '-2', input: '@cmd', description: '=x' }),
      finding({ value: '\tx', evidence: '\ry' }),
    ]);
    const rows = parse(csv) as string[][];
    expect(rows[1][6]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(rows[1][10]).toBe("'+1");
    expect(rows[1][9]).toBe("'=x");
    expect(rows[1][8]).toBe("'-2");
    expect(rows[1][2]).toBe("'@cmd");
    expect(rows[2][6]).toBe("'\tx");
    expect(rows[2][10]).toBe("'\ry");
  });

  it("describes a finding stored without a sentence from the catalogue, and a breach's evidence by the data it exposed", () => {
    const breach: FindingRow = {
      scan: { id: 'scan-3', startedAt: new Date('2026-01-02T03:04:05Z'), input: 'jane@example.com', scanType: 'privacy' },
      finding: {
        kind: 'breach',
        type: 'breach',
        group: 'breaches',
        value: 'Adobe (2013-10-04)',
        risk: 'high',
        source: 'Have I Been Pwned',
        description: '',
        evidence: '',
        breach: { name: 'Adobe', title: 'Adobe', breachDate: '2013-10-04', pwnCount: 1, dataClasses: ['Email addresses', 'Passwords'], sources: ['hibp'] },
      },
    };
    const rows = parse(findingsCsv([finding({ description: '' }), breach])) as string[][];
    expect(rows[1][9]).toBe(FINDING_RECOMMENDATIONS.gravatar_name_public.why);
    expect(rows[2].slice(9, 11)).toEqual(['This address is in the Adobe data breach (2013-10-04).', 'Data exposed: Email addresses, Passwords']);
  });

  it('leaves ordinary text alone', () => {
    expect(safeCell('jane@example.com')).toBe('jane@example.com');
    expect(safeCell('a=b')).toBe('a=b');
    expect(safeCell('')).toBe('');
  });
});
