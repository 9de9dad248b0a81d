import { addBusinessDays, addMonths, deadlineFor } from './request-deadline.rules';

describe('request deadlines', () => {
  it('adds months to the same day, or to the last day of a shorter month', () => {
    expect(addMonths('2026-01-15', 1)).toBe('2026-02-15');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-03-31', 1)).toBe('2026-04-30');
    expect(addMonths('2026-12-31', 1)).toBe('2027-01-31');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
  });

  it('GDPR and UK GDPR: one month, extendable by two more (Article 12(3))', () => {
    expect(deadlineFor('gdpr', 'access', '2026-01-31')).toEqual({ due: '2026-02-28', extendedDue: '2026-04-30', period: expect.stringContaining('Article 12(3) GDPR'), legal: true });
    const uk = deadlineFor('uk_gdpr', 'erasure', '2026-08-31');
    expect(uk).toMatchObject({ due: '2026-09-30', extendedDue: '2026-11-30', legal: true });
    expect(uk.period).toContain('UK GDPR');
  });

  it('CCPA: 45 days across month ends, extendable once by 45 more', () => {
    expect(deadlineFor('ccpa', 'access', '2026-01-20')).toMatchObject({ due: '2026-03-06', extendedDue: '2026-04-20', legal: true });
    expect(deadlineFor('ccpa', 'erasure', '2026-12-20').due).toBe('2027-02-03');
    expect(deadlineFor('ccpa', 'erasure', '2026-12-20').period).toContain('1798.130');
  });

  it('CCPA opt-out of sale or sharing: 15 business days, no extension', () => {
    // Friday 30 January 2026 + 15 working days = Friday 20 February.
    expect(addBusinessDays('2026-01-30', 15)).toBe('2026-02-20');
    expect(deadlineFor('ccpa', 'opt_out_sale', '2026-01-30')).toMatchObject({ due: '2026-02-20', extendedDue: null, legal: true });
  });

  it('a plain request, or one the law does not cover, gets a suggested date that no law sets', () => {
    expect(deadlineFor('other', 'access', '2026-01-31')).toMatchObject({ due: '2026-03-02', extendedDue: null, legal: false });
    expect(deadlineFor('gdpr', 'plain', '2026-01-31').legal).toBe(false);
    expect(deadlineFor('ccpa', 'objection_marketing', '2026-01-31').legal).toBe(false);
  });
});
