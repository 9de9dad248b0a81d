import { simpleParser } from 'mailparser';
import { mailtoLink, writeEml } from './request-eml.writer';

describe('request .eml and mailto', () => {
  const letter = { subject: 'Access request under Article 15 GDPR – Zoë Müller', body: 'Dear Sir or Madam,\n\nStraße 5, 12345 Köln – “quoted”.\n' + 'A long line of text. '.repeat(20), basis: 'Article 15 GDPR' };

  it('writes a draft email with RFC 5322 headers, RFC 2047 encoded words and quoted-printable UTF-8', async () => {
    const eml = await writeEml({ from: { name: 'Zoë Müller', address: 'zoe@example.org' }, to: 'privacy@lanternmarket.example', letter, date: new Date('2026-01-31T10:00:00Z') });
    const text = eml.toString('latin1');
    const [head] = text.split('\r\n\r\n');
    // Headers are 7-bit, lines end in CRLF and stay within 998 characters.
    expect(/^[\x20-\x7e\r\n\t]*$/.test(head)).toBe(true);
    expect(text.split('\r\n').every((line) => line.length <= 998)).toBe(true);
    expect(head).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(head).toMatch(/^X-Unsent: 1$/m);
    expect(head).toMatch(/^Content-Transfer-Encoding: quoted-printable$/m);
    expect(head).toMatch(/^Date: Sat, 31 Jan 2026 10:00:00 \+0000$/m);
    expect(head).toMatch(/^Message-ID: <.+@.+>$/m);

    const parsed = await simpleParser(eml);
    expect(parsed.subject).toBe(letter.subject);
    expect(parsed.from?.value).toEqual([{ address: 'zoe@example.org', name: 'Zoë Müller' }]);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value[0].address : undefined).toBe('privacy@lanternmarket.example');
    expect(parsed.text?.replace(/\n$/, '')).toBe(letter.body);
  });

  it('makes a mailto: link that decodes to the letter', () => {
    const link = new URL(mailtoLink('privacy@lanternmarket.example', letter));
    expect(link.protocol).toBe('mailto:');
    expect(link.pathname).toBe('privacy@lanternmarket.example');
    expect(link.searchParams.get('subject')).toBe(letter.subject);
    expect(link.searchParams.get('body')).toBe(letter.body.replace(/\n/g, '\r\n'));
  });
});
