import { hasForbiddenCharacter, INPUT_MESSAGES, inputProblem, MAX_JSON_DEPTH } from './request-input.guard';

const nested = (levels: number, leaf: unknown = 1): unknown => {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = i % 2 ? { a: value } : [value];
  return value;
};

describe('inputProblem', () => {
  it('accepts ordinary bodies, Unicode included', () => {
    expect(inputProblem({ email: 'zoë@example.com', name: '名前 🙂 \u202E', list: [1, 'two', { three: null }] })).toBeUndefined();
    expect(inputProblem(undefined)).toBeUndefined();
    expect(inputProblem(nested(MAX_JSON_DEPTH - 1))).toBeUndefined();
  });

  it('refuses nesting deeper than the limit, thousands of levels included, without recursing', () => {
    expect(inputProblem(nested(MAX_JSON_DEPTH + 1))).toBe(INPUT_MESSAGES.tooDeep);
    expect(inputProblem({ input: nested(100_000) })).toBe(INPUT_MESSAGES.tooDeep);
  });

  it('names the field holding a NUL or a lone surrogate', () => {
    expect(inputProblem({ name: 'token\u0000name' })).toBe(INPUT_MESSAGES.badCharacter('name'));
    expect(inputProblem({ email: 'a\uD800@example.com' })).toBe(INPUT_MESSAGES.badCharacter('email'));
    expect(inputProblem({ targets: { emails: ['ok@example.com', '\uDC00x'] } })).toBe(INPUT_MESSAGES.badCharacter('targets.emails[1]'));
    expect(inputProblem({ 'odd key': '\u0000' })).toBe(INPUT_MESSAGES.badCharacter('["odd key"]'));
    expect(inputProblem('\uD83D')).toBe(INPUT_MESSAGES.badCharacter('The request body'));
    expect(inputProblem({ ['k\u0000']: 1 })).toBe(INPUT_MESSAGES.badCharacter('A field name in the request body'));
  });
});

describe('hasForbiddenCharacter', () => {
  it('tells paired surrogates (emoji) from lone ones', () => {
    expect(hasForbiddenCharacter('\uD83D\uDE42')).toBe(false);
    expect(hasForbiddenCharacter('\uD83D')).toBe(true);
    expect(hasForbiddenCharacter('\uDE42\uD83D')).toBe(true);
    expect(hasForbiddenCharacter('plain')).toBe(false);
  });
});
