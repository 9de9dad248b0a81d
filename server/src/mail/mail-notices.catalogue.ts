/**
 * What the product says about an email it would send when this server has no mail transport
 * (SMTP_URL unset): never that it was sent. Visitors read these, so no setting names: what happened
 * and who can help. Operators read docs/MAIL.md.
 */
export type EmailKind = 'verification' | 'reset' | 'monitor-verification';

const WHAT: Record<EmailKind, string> = {
  verification: 'no verification email was sent',
  reset: 'no reset link was sent',
  'monitor-verification': 'no verification links were sent to the monitored addresses',
};

export function noMailSentMessage(kind: EmailKind, contactEmail: string): string {
  return `This server does not send email yet, so ${WHAT[kind]}. The person who runs it can make the link for you: write to ${contactEmail}.`;
}

/** The answers when the email really went to the outbox for delivery. */
export const MAIL_SENT_MESSAGES: Record<EmailKind, string> = {
  verification: 'Verification email sent. Please check your inbox.',
  reset: 'If an account exists for this address, we have sent it a link to reset the password.',
  'monitor-verification': 'Verification links sent again',
};
