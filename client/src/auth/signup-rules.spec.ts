import { passwordChecklist, signupError, SIGNUP_MESSAGES, type SignupInput, validateSignup } from './signup-rules';

const valid: SignupInput = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  acceptedTerms: true,
};

describe('signupError', () => {
  it('accepts a complete, consistent input', () => {
    expect(signupError(valid)).toBeNull();
  });

  it.each(['firstName', 'lastName', 'email', 'password'] as const)('asks for all fields when %s is empty', (field) => {
    expect(signupError({ ...valid, [field]: '' })).toBe('Please fill in all fields');
  });

  it('treats whitespace-only names and email as empty', () => {
    expect(signupError({ ...valid, firstName: '  ' })).toBe('Please fill in all fields');
    expect(signupError({ ...valid, email: ' ' })).toBe('Please fill in all fields');
  });

  it('does not require the confirmation to be filled in for the first rule', () => {
    expect(signupError({ ...valid, confirmPassword: '' })).toBe('Passwords do not match');
  });

  it('checks the rules in the spec order: fields, match, length, terms', () => {
    // Everything wrong at once: missing fields wins.
    expect(signupError({ ...valid, lastName: '', password: 'a', confirmPassword: 'b', acceptedTerms: false })).toBe(
      SIGNUP_MESSAGES.missingFields,
    );
    // Mismatch beats a short password and unticked terms.
    expect(signupError({ ...valid, password: 'a', confirmPassword: 'b', acceptedTerms: false })).toBe(
      'Passwords do not match',
    );
    // A short password beats unticked terms.
    expect(signupError({ ...valid, password: 'abc12', confirmPassword: 'abc12', acceptedTerms: false })).toBe(
      'Password must be at least 6 characters',
    );
    expect(signupError({ ...valid, acceptedTerms: false })).toBe(
      'Please agree to the Terms of Service and Privacy Policy',
    );
  });

  it('enforces only length and match, not the letter-and-digit hint', () => {
    expect(signupError({ ...valid, password: 'abcdef', confirmPassword: 'abcdef' })).toBeNull();
    expect(signupError({ ...valid, password: '123456', confirmPassword: '123456' })).toBeNull();
  });
});

describe('passwordChecklist', () => {
  it('ticks nothing for empty fields', () => {
    expect(passwordChecklist('', '')).toEqual({ minLength: false, letterAndDigit: false, matches: false });
  });

  it('needs at least 6 characters', () => {
    expect(passwordChecklist('abc12', '').minLength).toBe(false);
    expect(passwordChecklist('abc123', '').minLength).toBe(true);
  });

  it('needs both a letter and a digit', () => {
    expect(passwordChecklist('abcdef', '').letterAndDigit).toBe(false);
    expect(passwordChecklist('123456', '').letterAndDigit).toBe(false);
    expect(passwordChecklist('abc123', '').letterAndDigit).toBe(true);
  });

  it('ticks match only when the confirmation is not empty and equal', () => {
    expect(passwordChecklist('', '').matches).toBe(false);
    expect(passwordChecklist('abc123', 'abc12').matches).toBe(false);
    expect(passwordChecklist('abc123', 'abc123').matches).toBe(true);
  });
});

describe('validateSignup', () => {
  it('returns the first message and the checklist together', () => {
    expect(validateSignup({ ...valid, password: 'abc', confirmPassword: 'abc' })).toEqual({
      error: 'Password must be at least 6 characters',
      checklist: { minLength: false, letterAndDigit: false, matches: true },
    });
  });
});
