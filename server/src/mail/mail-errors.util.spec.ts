import { describeMailError, withoutAddresses } from './mail-errors.util';

describe('withoutAddresses', () => {
  it('takes every email address out', () => {
    expect(withoutAddresses('550 5.1.1 <jane.doe+tag@example.co.uk>: rejected; also bob@localhost')).toBe(
      '550 5.1.1 <[address]>: rejected; also [address]',
    );
  });
});

describe('describeMailError', () => {
  it('summarises a nodemailer SMTP error without the recipient', () => {
    const err = Object.assign(new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <jane@example.com>: Recipient address rejected"), {
      code: 'EENVELOPE',
      responseCode: 550,
      command: 'RCPT TO',
      response: '550 5.1.1 <jane@example.com>: Recipient address rejected',
      rejected: ['jane@example.com'],
    });
    const described = describeMailError(err);
    expect(described.summary).toBe(
      "EENVELOPE reply 550 at RCPT TO: Can't send mail - all recipients were rejected: 550 5.1.1 <[address]>: Recipient address rejected",
    );
    expect(described.summary).not.toContain('jane');
    expect(described.serverUnavailable).toBe(false);
  });

  it('marks connection failures as the server being unavailable', () => {
    const err = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNECTION', originalCode: 'ECONNREFUSED', command: 'CONN' });
    expect(describeMailError(err)).toEqual({
      summary: 'ECONNECTION (ECONNREFUSED) at CONN: connect ECONNREFUSED 127.0.0.1:1',
      serverUnavailable: true,
    });
  });

  it('keeps the summary to one bounded line, whatever was thrown', () => {
    expect(describeMailError('plain\nstring').summary).toBe('plain string');
    expect(describeMailError(new Error('x'.repeat(2_000))).summary).toHaveLength(500);
  });
});
