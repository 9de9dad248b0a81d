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
}
