import { ADVISORY_LOCK_KEYS } from './advisory-lock-keys.catalogue';
import { BREACH_SOURCE_IDS } from '../../vocabulary/breach-source.catalogue';

const allKeys = (value: unknown): number[] => (typeof value === 'number' ? [value] : Object.values(value as object).flatMap(allKeys));

describe('ADVISORY_LOCK_KEYS', () => {
  it('gives every lock its own key', () => {
    const keys = allKeys(ADVISORY_LOCK_KEYS);
    expect(keys.length).toBeGreaterThanOrEqual(5);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(Number.isSafeInteger(key)).toBe(true);
  });

  it('has a breach catalogue key for every breach source', () => {
    expect(Object.keys(ADVISORY_LOCK_KEYS.breachCatalogueRefresh).sort()).toEqual([...BREACH_SOURCE_IDS].sort());
  });
});
