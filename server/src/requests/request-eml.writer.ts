import MailComposer from 'nodemailer/lib/mail-composer';
import type { Letter } from './request-letter.rules';

export interface EmlInput {
  from: { name: string | null; address: string };
  to: string;
  letter: Letter;
  date: Date;
}

/**
 * The letter as an unsent email (.eml, RFC 5322 with MIME): a mail client opens it as a draft
 * from the person to the organisation (X-Unsent: 1 is Outlook's and Thunderbird's cue), ready to
 * send from the person's own mailbox. nodemailer's composer does the encoding: RFC 2047 words for
 * non-ASCII headers, quoted-printable UTF-8 text, CRLF line ends.
 */
export async function writeEml({ from, to, letter, date }: EmlInput): Promise<Buffer> {
  const composer = new MailComposer({
    from: from.name ? { name: from.name, address: from.address } : from.address,
    to,
    subject: letter.subject,
    text: letter.body,
    date,
    textEncoding: 'quoted-printable',
    headers: { 'X-Unsent': '1' },
  });
  return composer.compile().build();
}

/** A `mailto:` link with the subject and body filled in (RFC 6068: percent-encoded UTF-8, CRLF line breaks). */
export function mailtoLink(to: string, letter: Letter): string {
  const body = letter.body.replace(/\r?\n/g, '\r\n');
  return `mailto:${encodeURIComponent(to).replace(/%40/g, '@')}?subject=${encodeURIComponent(letter.subject)}&body=${encodeURIComponent(body)}`;
}
