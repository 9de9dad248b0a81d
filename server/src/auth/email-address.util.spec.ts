import { normalizeEmail } from './email-address.util';

describe('normalizeEmail', () => {
  it('trims and lower-cases the domain only', () => {
    expect(normalizeEmail('  Jane.Doe@Example.COM \n')).toBe('Jane.Doe@example.com');
  });

  it('splits at the last @', () => {
    expect(normalizeEmail('"a@b"@EXAMPLE.org')).toBe('"a@b"@example.org');
  });

  it('leaves a string without @ trimmed', () => {
    expect(normalizeEmail(' nobody ')).toBe('nobody');
  });
});
