import type { Organisation } from './organisations/organisation.types';
import { planBatch, uniqueBrokers } from './broker-batch.rules';

const broker = (slug: string, name: string, domains: string[]): Organisation => ({
  kind: 'company',
  source: slug.startsWith('ca-broker-') ? 'ca_broker_registry' : 'datarequests',
  slug,
  name,
  web: null,
  email: null,
  webform: null,
  address: '',
  countries: ['us'],
  categories: ['data broker'],
  runs: [],
  domains,
  requiredElements: [],
  needsIdDocument: false,
  transport: 'email',
  quality: 'imported',
  complaintLanguage: null,
});

describe('broker batch rules', () => {
  it('keeps one record per broker (the first source wins on a shared domain), in name order', () => {
    const registry = [broker('ca-broker-zeta', 'Zeta Data', ['zeta.example']), broker('ca-broker-meridian', 'Meridian Data', ['meridian.example'])];
    const catalogue = [broker('meridian', 'Meridian Data Brokers Inc.', ['meridian.example']), broker('alpha', 'alpha lists', ['alpha.example'])];
    expect(uniqueBrokers([registry, catalogue]).map((b) => b.slug)).toEqual(['alpha', 'ca-broker-meridian', 'ca-broker-zeta']);
  });

  it('skips brokers already asked and stops at the allowance, counting what is left', () => {
    const brokers = ['a', 'b', 'c', 'd'].map((s) => broker(s, s.toUpperCase(), [`${s}.example`]));
    expect(planBatch(brokers, new Set(['b']), 2)).toEqual({ toDraft: [brokers[0], brokers[2]], alreadyAsked: 1, leftOver: 1 });
    expect(planBatch(brokers, new Set(), 10)).toMatchObject({ alreadyAsked: 0, leftOver: 0 });
    expect(planBatch(brokers, new Set(), 0)).toEqual({ toDraft: [], alreadyAsked: 0, leftOver: 4 });
  });
});
