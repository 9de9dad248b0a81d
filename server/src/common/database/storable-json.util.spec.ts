import { storableJson, storableText } from './storable-json.util';

describe('storableJson', () => {
  it('replaces NUL and lone surrogates in strings and keys, keeping pairs and everything else', () => {
    const input = { 'x\u0000': '1', list: ['a\uD800b', 'c\uDC00', '\uD83D\uDE00 ok'], nested: { n: 1, t: true, none: null, gone: undefined } };
    const { value, replaced } = storableJson(input);
    expect(value).toEqual({ 'x\uFFFD': '1', list: ['a\uFFFDb', 'c\uFFFD', '\uD83D\uDE00 ok'], nested: { n: 1, t: true, none: null } });
    expect(replaced).toBe(3);
    // What PostgreSQL would be sent has no \u0000 escape and no lone surrogate escape left.
    expect(JSON.stringify(value)).not.toMatch(/\\u0000|\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])/i);
  });

  it('turns binary and odd values into what JSON.stringify writes', () => {
    const { value } = storableJson({ body: Buffer.from([0x61, 0x00, 0xff]), when: new Date(0), nan: Number.NaN });
    expect(value).toEqual({ body: 'a\uFFFD\uFFFD', when: '1970-01-01T00:00:00.000Z', nan: null });
  });

  it('leaves clean text alone and stops at absurd nesting', () => {
    expect(storableText('plain é 😀')).toEqual({ value: 'plain é 😀', replaced: 0 });
    let deep: unknown = 'end';
    for (let i = 0; i < 200; i++) deep = { d: deep };
    expect(() => JSON.stringify(storableJson(deep).value)).not.toThrow();
  });
});
