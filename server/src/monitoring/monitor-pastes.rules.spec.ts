import type { PasteDetail } from '../vocabulary/finding.types';
import { pasteBaselineKey, pasteKey, PastesOfTarget, workOutPasteChanges } from './monitor-pastes.rules';

const EMAIL = 'jane@example.com';
const paste = (source: PasteDetail['source'], id: string, extra: Partial<PasteDetail> = {}): PasteDetail => ({ source, id, evidence: { summary: `${source} lists ${id}` }, ...extra });
const target = (details: PasteDetail[], sources: PasteDetail['source'][] = ['hibp']): PastesOfTarget => ({ kind: 'email', value: EMAIL, pastes: { sources, details } });

describe('workOutPasteChanges', () => {
  it('records each source as a starting point silently, then alerts a paste it did not know, once', () => {
    const first = workOutPasteChanges([target([paste('hibp', 'A')])], new Set());
    expect(first.newItems).toEqual([]);
    expect(first.keysToRecord.sort()).toEqual([pasteBaselineKey('email', EMAIL, 'hibp'), pasteKey('email', EMAIL, paste('hibp', 'A'))].sort());
    expect(first.newlyWatched).toEqual(['Have I Been Pwned pastes']);

    const known = new Set(first.keysToRecord);
    const second = workOutPasteChanges([target([paste('hibp', 'A'), paste('hibp', 'B', { site: 'Pastebin', date: '2024-02-11', evidence: { summary: 's', url: 'https://pastebin.com/B' } })])], known);
    expect(second.newItems).toEqual([
      expect.objectContaining({ kind: 'paste', target: EMAIL, title: 'Pastebin paste (B, 2024-02-11)', evidence: ['s', 'https://pastebin.com/B'], key: pasteKey('email', EMAIL, paste('hibp', 'B')) }),
    ]);
    expect(second.keysToRecord).toEqual([pasteKey('email', EMAIL, paste('hibp', 'B'))]);
  });

  it('a source that starts reporting later records its own starting point, while the other alerts as before', () => {
    const known = new Set([pasteBaselineKey('email', EMAIL, 'hibp'), pasteKey('email', EMAIL, paste('hibp', 'A'))]);
    const run = workOutPasteChanges([target([paste('hibp', 'A'), paste('hibp', 'C'), paste('xposedornot', 'X1')], ['hibp', 'xposedornot'])], known);
    expect(run.newItems.map((i) => i.title)).toEqual(['Have I Been Pwned paste (C)']);
    expect(run.newlyWatched).toEqual(['XposedOrNot pastes']);
  });

  it('compares nothing for a source that did not answer, or a target that is not an email', () => {
    const known = new Set([pasteBaselineKey('email', EMAIL, 'hibp')]);
    expect(workOutPasteChanges([{ kind: 'email', value: EMAIL }], known)).toEqual({ newItems: [], keysToRecord: [], newlyWatched: [] });
    expect(workOutPasteChanges([{ kind: 'handle', value: '@jane', pastes: { sources: ['hibp'], details: [paste('hibp', 'A')] } }], known).newItems).toEqual([]);
  });
});
