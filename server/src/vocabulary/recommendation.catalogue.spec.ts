import { FINDING_TYPES } from './finding.types';
import { maxRisk, minRisk, RISK_LEVELS } from './risk.types';
import { breachRisk, DATA_CLASS_RECOMMENDATIONS, dataClassRecommendation, FINDING_RECOMMENDATIONS, GOOD_PRACTICE_RECOMMENDATIONS, isKnownDataClass, UNKNOWN_DATA_CLASS_RECOMMENDATION } from './recommendation.catalogue';

const breach = (DataClasses: string[], flags: { IsSpamList?: boolean; IsFabricated?: boolean } = {}) => ({
  DataClasses,
  IsSpamList: flags.IsSpamList ?? false,
  IsFabricated: flags.IsFabricated ?? false,
});

function expectWellFormed(entry: { category: string; action: string; priority: string; why: string }) {
  expect(entry.category.trim()).not.toBe('');
  expect(entry.action.trim().length).toBeGreaterThan(20);
  expect(entry.why.trim().length).toBeGreaterThan(10);
  expect(RISK_LEVELS).toContain(entry.priority);
}

describe('FINDING_RECOMMENDATIONS', () => {
  it.each([...FINDING_TYPES])('has a well-formed entry for %s', (type) => {
    expectWellFormed(FINDING_RECOMMENDATIONS[type]);
  });

  it('has no entry for a type that does not exist', () => {
    expect(Object.keys(FINDING_RECOMMENDATIONS).sort()).toEqual([...FINDING_TYPES].sort());
  });

  it('rates public contact details above a public avatar', () => {
    expect(FINDING_RECOMMENDATIONS.gravatar_contact_public.priority).toBe('high');
    expect(FINDING_RECOMMENDATIONS.gravatar_avatar_public.priority).toBe('low');
  });
});

describe('DATA_CLASS_RECOMMENDATIONS', () => {
  const required = [
    'Passwords', 'Email addresses', 'Phone numbers', 'Physical addresses', 'Dates of birth', 'IP addresses', 'Credit cards',
    'Partial credit card data', 'Bank account numbers', 'Security questions and answers', 'Government issued IDs',
    'Social security numbers', 'Passport numbers', 'Usernames', 'Names', 'Geographic locations', 'Genders', 'Employers',
    'Job titles', 'Auth tokens', 'Private messages', 'Browsing histories', 'Sexual orientations', 'Health insurance information',
    'Salaries', 'Purchases',
  ];

  it('covers at least 25 of HIBP\'s data classes, spelled as HIBP spells them', () => {
    expect(Object.keys(DATA_CLASS_RECOMMENDATIONS).length).toBeGreaterThanOrEqual(25);
    for (const name of required) expect(Object.keys(DATA_CLASS_RECOMMENDATIONS)).toContain(name);
  });

  it.each(Object.entries(DATA_CLASS_RECOMMENDATIONS))('has a well-formed entry for %s', (_name, entry) => {
    expectWellFormed(entry);
  });

  it('has a well-formed default for unknown data classes', () => {
    expectWellFormed(UNKNOWN_DATA_CLASS_RECOMMENDATION);
    expect(UNKNOWN_DATA_CLASS_RECOMMENDATION.priority).toBe('medium');
  });
});

describe('dataClassRecommendation', () => {
  it('finds a data class by its exact name', () => {
    expect(dataClassRecommendation('Passwords')).toBe(DATA_CLASS_RECOMMENDATIONS.Passwords);
  });

  it('compares names case-insensitively and ignores surrounding spaces', () => {
    expect(dataClassRecommendation(' phone NUMBERS ')).toBe(DATA_CLASS_RECOMMENDATIONS['Phone numbers']);
    expect(isKnownDataClass('email addresses')).toBe(true);
  });

  it('falls back to the default for a data class it does not know', () => {
    expect(dataClassRecommendation('Astrological signs')).toBe(UNKNOWN_DATA_CLASS_RECOMMENDATION);
    expect(isKnownDataClass('Astrological signs')).toBe(false);
  });
});

describe('breachRisk', () => {
  it.each([
    ['Passwords'],
    ['Historical passwords'],
    ['Credit cards'],
    ['Partial credit card data'],
    ['Bank account numbers'],
    ['Government issued IDs'],
    ['Social security numbers'],
    ['Passport numbers'],
    ['Auth tokens'],
  ])('is critical when %s leaked', (dataClass) => {
    expect(breachRisk(breach(['Email addresses', dataClass]))).toBe('critical');
  });

  it.each([['Phone numbers'], ['Physical addresses'], ['Dates of birth'], ['Security questions and answers'], ['Private messages']])(
    'is high when %s leaked (and nothing critical)',
    (dataClass) => {
      expect(breachRisk(breach(['Email addresses', 'Names', dataClass]))).toBe('high');
    },
  );

  it('is medium for addresses, names and usernames only', () => {
    expect(breachRisk(breach(['Email addresses', 'Names', 'Usernames', 'Genders']))).toBe('medium');
  });

  it('is medium, never lower, when only low-priority or unknown classes leaked', () => {
    expect(breachRisk(breach(['Genders', 'Spoken languages']))).toBe('medium');
    expect(breachRisk(breach(['Astrological signs']))).toBe('medium');
    expect(breachRisk(breach([]))).toBe('medium');
  });

  it('takes the most serious class whatever the order, unknown classes included', () => {
    expect(breachRisk(breach(['Astrological signs', 'Dates of birth', 'Names']))).toBe('high');
    expect(breachRisk(breach(['Passwords', 'Phone numbers']))).toBe('critical');
    expect(breachRisk(breach(['Phone numbers', 'Passwords']))).toBe('critical');
  });

  it('reads HIBP names case-insensitively', () => {
    expect(breachRisk(breach(['passwords']))).toBe('critical');
  });

  it('is low for spam lists and fabricated breaches, whatever they list', () => {
    expect(breachRisk(breach(['Email addresses', 'Passwords'], { IsSpamList: true }))).toBe('low');
    expect(breachRisk(breach(['Email addresses', 'Credit cards'], { IsFabricated: true }))).toBe('low');
  });
});

describe('GOOD_PRACTICE_RECOMMENDATIONS', () => {
  it('holds six distinct, well-formed pieces of advice (the demo draws four of them)', () => {
    expect(GOOD_PRACTICE_RECOMMENDATIONS).toHaveLength(6);
    GOOD_PRACTICE_RECOMMENDATIONS.forEach(expectWellFormed);
    expect(new Set(GOOD_PRACTICE_RECOMMENDATIONS.map((r) => r.action)).size).toBe(6);
  });
});

describe('maxRisk / minRisk', () => {
  it('order low < medium < high < critical', () => {
    expect(maxRisk('low', 'critical')).toBe('critical');
    expect(maxRisk('high', 'medium')).toBe('high');
    expect(minRisk('critical', 'low')).toBe('low');
    expect(minRisk('medium', 'high')).toBe('medium');
  });
});
