/** One outgoing email, in both an HTML and a plain-text version. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** What other modules inject to send mail (see mail.module.ts for the implementation). */
export abstract class Mailer {
  abstract send(message: MailMessage): Promise<void>;

  /**
   * Deletes every stored message to this address, sent or not (they can hold live links), when the
   * person behind it deletes their account. Answers how many were deleted.
   */
  abstract forgetRecipient(address: string): Promise<number>;
}
