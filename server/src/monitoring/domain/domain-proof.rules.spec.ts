import { combineProofs, fileHolds, judgeDns, judgeFile, proofInstructions, txtHolds } from './domain-proof.rules';

const CHALLENGE = 'footprint-verification=Zq3xV8kTn2mR5yWc1bLd7hGf';

describe('domain proof rules', () => {
  it('tells exactly what to publish, either way', () => {
    expect(proofInstructions('acme.example', CHALLENGE, 'https://{domain}/.well-known/footprint-verification.txt')).toEqual({
      dns: { name: 'acme.example', type: 'TXT', value: CHALLENGE },
      file: { url: 'https://acme.example/.well-known/footprint-verification.txt', content: CHALLENGE },
    });
  });

  it.each([
    ['the record alone', [[CHALLENGE]], true],
    ['split in two strings, as DNS splits long values', [[CHALLENGE.slice(0, 20), CHALLENGE.slice(20)]], true],
    ['among other records', [['v=spf1 -all'], [CHALLENGE], ['google-site-verification=x']], true],
    ['with surrounding spaces', [[` ${CHALLENGE} `]], true],
    ['another challenge', [['footprint-verification=someone-else']], false],
    ['the challenge inside a longer value', [[`${CHALLENGE}x`]], false],
    ['no record', [], false],
  ])('a TXT record: %s', (_what, records, holds) => {
    expect(txtHolds(records, CHALLENGE)).toBe(holds);
  });

  it.each([
    ['the line alone', CHALLENGE, true],
    ['with a line break and a byte-order mark', `\uFEFF${CHALLENGE}\r\n`, true],
    ['on a line of its own among others', `# ours\n${CHALLENGE}\n`, true],
    ['inside an HTML page', `<html><body>${CHALLENGE}</body></html>`, false],
    ['empty', '', false],
  ])('a file: %s', (_what, body, holds) => {
    expect(fileHolds(body, CHALLENGE)).toBe(holds);
  });

  it('judges each way: an answer without the proof is definitive, no answer is not', () => {
    expect(judgeDns('acme.example', { kind: 'answer', records: [[CHALLENGE]] }, CHALLENGE)).toEqual({ proven: true, method: 'dns' });
    expect(judgeDns('acme.example', { kind: 'answer', records: [] }, CHALLENGE)).toEqual({ proven: false, method: 'dns', definitive: true, reason: 'acme.example has no TXT record' });
    expect(judgeDns('acme.example', { kind: 'failed', message: 'SERVFAIL' }, CHALLENGE)).toMatchObject({ proven: false, definitive: false });
    const url = 'https://acme.example/.well-known/footprint-verification.txt';
    expect(judgeFile({ kind: 'answer', url, status: 200, body: CHALLENGE }, CHALLENGE)).toEqual({ proven: true, method: 'file' });
    expect(judgeFile({ kind: 'answer', url, status: 404, body: '' }, CHALLENGE)).toMatchObject({ proven: false, definitive: true, reason: `${url} answered HTTP 404` });
    expect(judgeFile({ kind: 'answer', url, status: 200, body: 'hello' }, CHALLENGE)).toMatchObject({ proven: false, definitive: true });
    expect(judgeFile({ kind: 'answer', url, status: 503, body: '' }, CHALLENGE)).toMatchObject({ proven: false, definitive: false });
    expect(judgeFile({ kind: 'answer', url, status: 429, body: '' }, CHALLENGE)).toMatchObject({ proven: false, definitive: false });
    expect(judgeFile({ kind: 'failed', url, message: 'The website could not be reached.' }, CHALLENGE)).toMatchObject({ proven: false, definitive: false });
    // The guard will never fetch it (a private address): as final as a 404.
    expect(judgeFile({ kind: 'failed', url, message: 'private', refused: true }, CHALLENGE)).toMatchObject({ proven: false, definitive: true });
  });

  const gone = (method: 'dns' | 'file') => ({ proven: false as const, method, definitive: true, reason: `${method} gone` });
  const unknown = (method: 'dns' | 'file') => ({ proven: false as const, method, definitive: false, reason: `${method} unknown` });

  it.each([
    ['either way proves it', [gone('dns'), { proven: true as const, method: 'file' as const }], 'dns', { proven: true, method: 'file' }],
    ['the way it was proven by is gone: a lapse, whatever the other', [gone('dns'), unknown('file')], 'dns', { proven: false, definitive: true }],
    ['the way it was proven by cannot be asked: nothing is known', [unknown('dns'), gone('file')], 'dns', { proven: false, definitive: false }],
    ['before any proof, every way must answer no', [gone('dns'), unknown('file')], undefined, { proven: false, definitive: false }],
    ['before any proof, both answered no', [gone('dns'), gone('file')], undefined, { proven: false, definitive: true, reason: 'dns gone; file gone' }],
  ] as const)('combined: %s', (_what, checks, provenBy, expected) => {
    expect(combineProofs(checks, provenBy)).toMatchObject(expected);
  });
});
