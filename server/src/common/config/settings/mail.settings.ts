import { parseMailbox } from '../setting.parsers';
import { z } from 'zod';
import { defineSettings, setting, urlWith } from '../setting.schema';

export const DEFAULT_MAIL_FROM = 'Footprint <no-reply@footprint.example>';

/** Outgoing mail (mail/). */
export const mailSettings = defineSettings({
  module: 'mail',
  title: 'Mail',
  settings: {
    SMTP_URL: setting(urlWith('smtp', 'smtps'), {
      secret: true,
      example: 'smtp://user:password@mail.example.com:587',
      doc: "Outgoing mail server, as smtp://user:password@host:port (smtps:// for TLS from the first byte; smtp:// upgrades with STARTTLS when the server offers it). Percent-encode special characters of the user and password. Unset: NOTHING IS SENT (the server says so at start): emails are kept in the database's outbox_messages table. With Compose's dev profile, smtp://mail:1025 is the mail catcher (Mailpit).",
      message: 'SMTP_URL must be an smtp:// or smtps:// URL, such as smtp://user:password@mail.example.com:587',
    }),
    MAIL_FROM: setting(z.string().refine((value) => parseMailbox(value) !== undefined), {
      default: DEFAULT_MAIL_FROM,
      doc: 'Sender of every email (the From header): an address, optionally with a display name.',
      message: 'MAIL_FROM must be an email address, optionally with a name: Footprint <no-reply@example.com>',
    }),
  },
});
