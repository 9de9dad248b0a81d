/** The sign-up form's rules: pure, so they can be tested on their own. */

export const PASSWORD_MIN_LENGTH = 6;

export const SIGNUP_MESSAGES = {
  missingFields: 'Please fill in all fields',
  passwordMismatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters',
  termsNotAccepted: 'Please agree to the Terms of Service and Privacy Policy',
} as const;

export interface SignupInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptedTerms: boolean;
}

/** The live password checklist. Only length and match are enforced on submit. */
export interface PasswordChecklist {
  /** At least 6 characters. */
  minLength: boolean;
  /** Contains a letter and a digit. */
  letterAndDigit: boolean;
  /** Password and confirmation match; only ticks once the confirmation is not empty. */
  matches: boolean;
}

export function passwordChecklist(password: string, confirmPassword: string): PasswordChecklist {
  return {
    minLength: password.length >= PASSWORD_MIN_LENGTH,
    letterAndDigit: /\p{L}/u.test(password) && /\p{Nd}/u.test(password),
    matches: confirmPassword !== '' && password === confirmPassword,
  };
}

/** The rules every new password follows, in the spec's order: confirmation matches, then length. */
export function newPasswordError(password: string, confirmPassword: string): string | null {
  if (password !== confirmPassword) return SIGNUP_MESSAGES.passwordMismatch;
  if (password.length < PASSWORD_MIN_LENGTH) return SIGNUP_MESSAGES.passwordTooShort;
  return null;
}

/**
 * The first rule the input breaks, in the spec's order, or null when it passes:
 * 1. first name, last name, email and password all filled in; 2. password equals confirmation;
 * 3. password at least 6 characters; 4. terms accepted.
 */
export function signupError(input: SignupInput): string | null {
  if (!input.firstName.trim() || !input.lastName.trim() || !input.email.trim() || !input.password) {
    return SIGNUP_MESSAGES.missingFields;
  }
  const passwordProblem = newPasswordError(input.password, input.confirmPassword);
  if (passwordProblem) return passwordProblem;
  if (!input.acceptedTerms) return SIGNUP_MESSAGES.termsNotAccepted;
  return null;
}

/** Both at once: the message to show on submit (or null) and the live checklist. */
export function validateSignup(input: SignupInput): { error: string | null; checklist: PasswordChecklist } {
  return { error: signupError(input), checklist: passwordChecklist(input.password, input.confirmPassword) };
}
