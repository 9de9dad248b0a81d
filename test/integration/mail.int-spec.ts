import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { passwordResetEmail, verificationEmail } from '../../server/src/mail/mail-templates.renderer';
import { MailService, RETRY_AFTER_MS } from '../../server/src/mail/mail.service';
import { Mailer, MailMessage } from '../../server/src/mail/mail.types';
import { SmtpSink } from '../fakes/smtp-sink';
import { captureLogs, CapturedLogs, createTestApp, TestApp } from '../support/test-app';

interface OutboxRow {
  id: string;
  recipient: string;
  subject: string;
  sentAt: Date | null;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
}

const outboxRows = (t: TestApp): Promise<OutboxRow[]> =>
  t.app
    .get(DataSource)
    .query(`SELECT id, recipient, subject, "sentAt", attempts, "lastError", "createdAt" FROM outbox_messages ORDER BY "createdAt"`);

const rowFor = async (t: TestApp, recipient: string): Promise<OutboxRow> => {
  const rows = (await outboxRows(t)).filter((r) => r.recipient === recipient);
  expect(rows).toHaveLength(1);
  return rows[0];
};

/** A loopback port nothing listens on (free a moment ago). */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** No log line mentions the address, in any casing, nor (when given) the message body. */
function expectNothingPersonalLogged(logs: CapturedLogs, address: string, body?: string) {
  const all = logs.lines.join('\n').toLowerCase();
  expect(all).not.toContain(address.toLowerCase());
  expect(all).not.toContain(address.split('@')[0].toLowerCase());
  if (body) expect(all).not.toContain(body.toLowerCase());
}

const mailLogs = (logs: CapturedLogs) =>
  logs.entries().filter((e) => e.context === 'MailService') as { level: number; msg: string }[];

const VERIFY_URL = 'https://footprint.example/verify-email?token=tok_Verify-123&x=1';
const RESET_URL = 'https://footprint.example/reset-password?token=tok_Reset-456';

describe('mail with SMTP_URL set', () => {
  const sink = new SmtpSink({ rejectRecipient: (address) => address.startsWith('rejected.') });
  const logs = captureLogs();
  let t: TestApp;
  let mailer: Mailer;
  let service: MailService;

  beforeAll(async () => {
    await sink.start();
    t = await createTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'Footprint Test <sender@footprint.example>' }, { logger: logs.logger });
    mailer = t.app.get(Mailer);
    service = t.app.get(MailService);
  });
  afterAll(async () => {
    await t?.close();
    await sink.stop();
  });

  it('provides Mailer as the MailService', () => {
    expect(mailer).toBe(service);
    expect(service.sendsMail).toBe(true);
  });

  it('says an email was sent, and GET /api/site says this server sends email', async () => {
    expect((await t.http().get('/api/site').expect(200)).body.sendsEmail).toBe(true);
    const reset = await t.http().post('/api/auth/password-reset/request').set('X-Forwarded-For', '198.51.100.77').send({ email: 'nobody.here@example.test' }).expect(202);
    expect(reset.body).toEqual({ status: 'accepted', emailSent: true, message: 'If an account exists for this address, we have sent it a link to reset the password.' });
  });

  it('delivers through a real SMTP conversation, both versions, to the right recipient, and marks the row sent', async () => {
    const to = 'verify.me@example.test';
    await mailer.send({ to, ...verificationEmail(VERIFY_URL) });
    const received = await sink.waitFor((m) => m.to.includes(to));

    expect(received.to).toEqual([to]);
    expect(received.from).toBe('sender@footprint.example');
    expect(received.headerFrom).toBe('Footprint Test <sender@footprint.example>');
    expect(received.headerTo).toBe(to);
    expect(received.subject).toBe('Confirm your email address for Footprint');
    expect(received.raw).toMatch(/^Content-Type: multipart\/alternative/im);
    expect(received.text).toContain(VERIFY_URL);
    expect(received.html).toContain(`href="${VERIFY_URL.replace(/&/g, '&amp;')}"`);
    expect(received.html).toContain('Confirm email address</a>');

    await service.whenIdle();
    const row = await rowFor(t, to);
    expect(row).toMatchObject({ subject: 'Confirm your email address for Footprint', attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    expectNothingPersonalLogged(logs, to, 'tok_Verify-123');
    expect(mailLogs(logs).map((e) => e.msg)).toContainEqual(
      `email ${row.id} sent (attempt 1): "Confirm your email address for Footprint"`,
    );
  });

  it('sends text and HTML exactly as given, whatever encoding nodemailer picks', async () => {
    const to = 'unicode@example.test';
    const long = 'A line long enough to be wrapped by quoted-printable encoding, '.repeat(4);
    const message: MailMessage = {
      to,
      subject: 'Grüße aus Zürich — ваш отчёт 📬',
      text: `Héllo =?not-a-word?= 3=4\n\n${long}\nÜnïcödé ✓\n. a line starting with a dot\n`,
      html: '<p>Привет, мир! こんにちは世界</p>\n<p>Здравствуйте — 你好 — 😀</p>\n',
    };
    await mailer.send(message);
    const received = await sink.waitFor((m) => m.to.includes(to));
    expect(received.subject).toBe(message.subject);
    expect(received.text).toBe(message.text);
    expect(received.html).toBe(message.html);
    // The two bodies went through different encodings: the mostly-Latin text as quoted-printable,
    // the mostly non-Latin HTML as base64.
    expect(received.raw).toMatch(/Content-Transfer-Encoding: quoted-printable/i);
    expect(received.raw).toMatch(/Content-Transfer-Encoding: base64/i);
  });

  it('records a refused recipient on the row and logs it without the address', async () => {
    const to = 'rejected.person@example.test';
    await expect(mailer.send({ to, ...passwordResetEmail(RESET_URL) })).resolves.toBeUndefined();
    await service.whenIdle();

    const row = await rowFor(t, to);
    expect(row.sentAt).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/^EENVELOPE reply 550 at RCPT TO: .*<\[address\]>: Recipient address rejected$/);
    expect(sink.messages.filter((m) => m.to.includes(to))).toEqual([]);
    const warning = mailLogs(logs).find((e) => e.msg.startsWith(`email ${row.id} not sent`));
    expect(warning).toMatchObject({ level: 40 });
    expect(warning?.msg).toContain('Recipient address rejected');
    expectNothingPersonalLogged(logs, to, 'tok_Reset-456');
  });

  it('refuses a "to" that is not exactly one address, storing nothing', async () => {
    const before = (await outboxRows(t)).length;
    for (const to of ['a@example.test, b@example.test', 'not an address', 'x@example.test\r\nBcc: y@example.test']) {
      await expect(mailer.send({ to, subject: 's', text: 't', html: '<p>h</p>' })).rejects.toThrow(/one email address/);
    }
    expect(await outboxRows(t)).toHaveLength(before);
  });

  it('deliverPending skips what was sent and stops retrying after five attempts', async () => {
    const to = 'rejected.retry@example.test';
    await mailer.send({ to, subject: 'Retry me', text: 'Body', html: '<p>Body</p>' });
    await service.whenIdle();
    const reports = [];
    for (let i = 0; i < 5; i++) reports.push(await service.deliverPending(50));
    // The message refused in the test above is retried alongside; nothing already sent is attempted
    // again, and each of the two stops at its fifth attempt.
    expect(reports).toEqual([
      ...Array(4).fill({ attempted: 2, sent: 0, failed: 2 }),
      { attempted: 0, sent: 0, failed: 0 },
    ]);
    expect((await rowFor(t, to)).attempts).toBe(5);
    expect((await rowFor(t, 'rejected.person@example.test')).attempts).toBe(5);
    expect(sink.messages.filter((m) => m.subject === 'Confirm your email address for Footprint')).toHaveLength(1);
  });
});

describe('mail without SMTP_URL', () => {
  const sink = new SmtpSink();
  const logs = captureLogs();
  let t: TestApp;

  beforeAll(async () => {
    await sink.start(); // listening, to show nothing connects to it
    t = await createTestApp({}, { logger: logs.logger });
  });
  afterAll(async () => {
    await t?.close();
    await sink.stop();
  });

  it('keeps the message in the outbox, unsent, and logs one line with the id and subject only', async () => {
    const service = t.app.get(MailService);
    expect(service.sendsMail).toBe(false);
    const to = 'outbox.only@example.test';
    // Outside development the link never reaches the log.
    await t.app.get(Mailer).send({ to, ...passwordResetEmail(RESET_URL), link: RESET_URL });

    const row = await rowFor(t, to);
    expect(row).toMatchObject({ subject: 'Reset your Footprint password', sentAt: null, attempts: 0, lastError: null });
    const [stored] = await t.app.get(DataSource).query(`SELECT text, html FROM outbox_messages WHERE id = $1`, [row.id]);
    expect(stored.text).toContain(RESET_URL);
    expect(stored.html).toContain('Reset password</a>');

    expect(mailLogs(logs).map((e) => e.msg)).toEqual([
      'SMTP_URL is not set: NO EMAIL IS SENT (sign-up verification, password resets and monitor alerts stay in the outbox_messages table)',
      `email ${row.id} queued in the outbox, not sent (SMTP_URL is not set): "Reset your Footprint password"`,
    ]);
    expectNothingPersonalLogged(logs, to, 'tok_Reset-456');

    expect(await service.deliverPending(10)).toEqual({ attempted: 0, sent: 0, failed: 0 });
    await sleep(200);
    expect(sink.messages).toEqual([]);
    expect((await rowFor(t, to)).sentAt).toBeNull();
  });

  it('writes the lines a service logs while serving a request under that request\'s id, as the request line', async () => {
    const res = await t.http().post('/api/auth/signup').send({ email: 'request.id@example.test', password: 'a-long-password-1' });
    expect(res.status).toBe(201);
    const requestId = res.headers['x-request-id'];
    expect(requestId).toMatch(/\S/);
    const entries = logs.entries();
    expect(entries.filter((e) => e.context === 'AuthService' && String(e.msg).startsWith('account created'))).toEqual([expect.objectContaining({ requestId })]);
    expect(entries.filter((e) => (e.req as { id?: string } | undefined)?.id === requestId)).toHaveLength(1);
    // Start-up lines belong to no request.
    expect(entries.filter((e) => e.context === 'NestApplication').every((e) => !('requestId' in e))).toBe(true);
    expectNothingPersonalLogged(logs, 'request.id@example.test', 'a-long-password-1');
  });
});

describe('mail without SMTP_URL in development', () => {
  it('logs the link at info level (not the recipient), so a developer can follow it', async () => {
    const logs = captureLogs();
    const t = await createTestApp({ NODE_ENV: 'development' }, { logger: logs.logger });
    try {
      const to = 'developer.person@example.test';
      await t.app.get(Mailer).send({ to, ...passwordResetEmail(RESET_URL), link: RESET_URL });
      const row = await rowFor(t, to);
      const line = logs.entries().find((e) => String(e.msg).includes('for development only'));
      expect(line).toEqual(expect.objectContaining({ level: 30, msg: `email ${row.id} not sent (no SMTP_URL); its link, for development only: ${RESET_URL}` }));
      expect(JSON.stringify(logs.entries())).not.toContain(to);
      expect((await t.http().get('/api/site').expect(200)).body.sendsEmail).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe('mail without SMTP_URL in production', () => {
  it('warns at start, in one line, that no email is sent', async () => {
    const logs = captureLogs();
    const t = await createTestApp({ NODE_ENV: 'production' }, { logger: logs.logger });
    try {
      const lines = logs.entries().filter((e) => String(e.msg).startsWith('SMTP_URL is not set'));
      expect(lines).toEqual([expect.objectContaining({ level: 40, msg: expect.stringContaining('NO EMAIL IS SENT') })]);
    } finally {
      await t.close();
    }
  });
});

describe('mail while the SMTP server is down', () => {
  const logs = captureLogs();
  const sink = new SmtpSink();
  let port: number;
  let t: TestApp;

  beforeAll(async () => {
    port = await closedPort();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` }, { logger: logs.logger });
  });
  afterAll(async () => {
    await t?.close();
    await sink.stop();
  });

  it('does not fail the caller, records the failure, and deliverPending sends once the server is up', async () => {
    const service = t.app.get(MailService);
    const to = 'patient.user@example.test';
    await expect(t.app.get(Mailer).send({ to, ...verificationEmail(VERIFY_URL) })).resolves.toBeUndefined();
    await service.whenIdle();

    let row = await rowFor(t, to);
    expect(row.sentAt).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/^E[A-Z]+ \(ECONNREFUSED\) at CONN: connect ECONNREFUSED 127\.0\.0\.1:\d+$/);
    expect(mailLogs(logs).some((e) => e.level === 40 && e.msg.startsWith(`email ${row.id} not sent (attempt 1`))).toBe(true);

    // Still down: the retry fails too, and stops at the first connection failure.
    await t.app.get(Mailer).send({ to: 'second.user@example.test', subject: 'Second', text: 'Second', html: '<p>Second</p>' });
    await service.whenIdle();
    expect(await service.deliverPending(10)).toEqual({ attempted: 1, sent: 0, failed: 1 });

    await sink.start(port);
    expect(await service.deliverPending(10)).toEqual({ attempted: 2, sent: 2, failed: 0 });
    const received = await sink.waitFor((m) => m.to.includes(to));
    expect(received.subject).toBe('Confirm your email address for Footprint');
    expect(received.text).toContain(VERIFY_URL);

    row = await rowFor(t, to);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.attempts).toBe(3);
    expect(row.lastError).toBeNull();
    expect(await service.deliverPending(10)).toEqual({ attempted: 0, sent: 0, failed: 0 });
    expectNothingPersonalLogged(logs, to, 'tok_Verify-123');
    expectNothingPersonalLogged(logs, 'second.user@example.test');
  });

  it('the scheduled retry sends only what is older than a first attempt takes, one instance at a time', async () => {
    const service = t.app.get(MailService);
    const to = 'crashed.alert@example.test';
    // A message committed by an instance that died before delivering it: stored, never attempted.
    const [{ id }] = (await t.app.get(DataSource).query(
      `INSERT INTO outbox_messages (recipient, subject, text, html) VALUES ($1, 'Alert', 'Alert', '<p>Alert</p>') RETURNING id`,
      [to],
    )) as { id: string }[];
    const storedAt = (await rowFor(t, to)).createdAt;

    // Younger than RETRY_AFTER_MS: it may still be in its first attempt elsewhere, so it is left alone.
    expect(await service.retryUnsent(new Date(storedAt.getTime() + RETRY_AFTER_MS - 1000))).toEqual({ attempted: 0, sent: 0, failed: 0 });
    // While another instance holds the retry lock, this one does nothing.
    const other = t.app.get(DataSource).createQueryRunner();
    await other.connect();
    await other.startTransaction();
    await other.query('SELECT pg_advisory_xact_lock($1)', [0x6f7574626f78]);
    expect(await service.retryUnsent(new Date(storedAt.getTime() + RETRY_AFTER_MS + 1000))).toBeUndefined();
    await other.rollbackTransaction();
    await other.release();

    expect(await service.retryUnsent(new Date(storedAt.getTime() + RETRY_AFTER_MS + 1000))).toEqual({ attempted: 1, sent: 1, failed: 0 });
    expect((await sink.waitFor((m) => m.to.includes(to))).subject).toBe('Alert');
    const row = await rowFor(t, to);
    expect(row.id).toBe(id);
    expect(row.sentAt).toBeInstanceOf(Date);
  });
});
