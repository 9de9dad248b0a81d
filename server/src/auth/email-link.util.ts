import type { EmailTokenPurpose } from './email-token.entity';
import type { EmailTokenRepository } from './email-token.repository';
import { hashSecret, randomSecret } from './secret-token.util';

/** How long each kind of emailed link works. */
export const EMAIL_LINK_SECONDS: Record<EmailTokenPurpose, number> = { verify: 24 * 3600, reset: 3600, 'change-email': 24 * 3600 };

/** The client page each kind of link opens. */
const EMAIL_LINK_PAGES: Record<EmailTokenPurpose, string> = { verify: '/verify-email', reset: '/reset-password', 'change-email': '/verify-email' };

/**
 * Makes a new single-use link of this purpose for the user (earlier unused ones stop working) and
 * answers its URL. Shared by the emails and the operator's `mail-link` command, so both links are
 * the same kind of thing.
 */
export async function issueEmailLink(
  tokens: Pick<EmailTokenRepository, 'invalidateUnused' | 'insert'>,
  userId: string,
  purpose: EmailTokenPurpose,
  publicUrl: string,
  now: Date = new Date(),
): Promise<string> {
  const token = randomSecret();
  await tokens.invalidateUnused(userId, purpose, now);
  await tokens.insert({ userId, purpose, tokenHash: hashSecret(token), expiresAt: new Date(now.getTime() + EMAIL_LINK_SECONDS[purpose] * 1000) });
  return `${publicUrl}${EMAIL_LINK_PAGES[purpose]}?token=${encodeURIComponent(token)}`;
}
