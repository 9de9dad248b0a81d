/**
 * The form an email address is stored and compared in: trimmed, the domain lower-cased. The local
 * part keeps its case (it may matter to the mail server); uniqueness is case-insensitive anyway.
 */
export function normalizeEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  if (at < 0) return trimmed;
  return `${trimmed.slice(0, at)}@${trimmed.slice(at + 1).toLowerCase()}`;
}
