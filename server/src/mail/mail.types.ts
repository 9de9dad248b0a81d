/** One outgoing email, in both an HTML and a plain-text version. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The one link the message exists to deliver (a verification or reset link), if any. Without a
   * mail transport it is written to the log in development only, so a developer can follow it.
   */
  link?: string;
}

/** What other modules inject to send mail (see mail.module.ts for the implementation). */
export abstract class Mailer {
  /** Whether this server delivers mail (SMTP_URL set); without it messages only wait in the outbox. */
  abstract get sendsMail(): boolean;

  abstract send(message: MailMessage): Promise<void>;

  /**
   * Deletes every stored message to this address, sent or not (they can hold live links), when the
   * person behind it deletes their account. Answers how many were deleted.
   */
  abstract forgetRecipient(address: string): Promise<number>;

  /** Every stored message to this address, oldest first, for the account export (the bodies hold live links: left out). */
  abstract sentTo(address: string): Promise<ExportedMail[]>;
}

/** A stored message as the account export shows it. */
export interface ExportedMail {
  subject: string;
  createdAt: string;
  sentAt: string | null;
}
