import { escapeHtml, passwordResetEmail, renderEmail, verificationEmail } from './mail-templates.renderer';

const HOSTILE = `<script>alert("x")</script><img src=x onerror='y'> & "quotes"`;
const URL_WITH_QUERY = 'https://footprint.example/reset-password?token=abc_DEF-123&from=email';

/** The HTML with every tag removed: what a reader sees. */
const visibleText = (html: string) => html.replace(/<[^>]*>/g, '');

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});

describe('renderEmail', () => {
  const rendered = renderEmail({
    title: HOSTILE,
    intro: [HOSTILE, 'Second paragraph.'],
    action: { label: HOSTILE, url: 'https://footprint.example/x?a=1&b="><script>' },
    outro: HOSTILE,
  });

  it('never lets a value inject markup into the HTML version', () => {
    expect(rendered.html).not.toContain('<script');
    expect(rendered.html).not.toContain('<img');
    const openingTags = rendered.html.match(/<[a-z][^>]*>/gi) ?? [];
    expect(openingTags.filter((tag) => /\son\w+=/i.test(tag))).toEqual([]); // no event handler attribute
    expect(rendered.html).not.toContain('"><');
    expect(rendered.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    // The only elements are the template's own.
    const tags = new Set([...rendered.html.matchAll(/<([a-z0-9]+)[\s>]/gi)].map((m) => m[1].toLowerCase()));
    expect([...tags].sort()).toEqual(['a', 'body', 'br', 'div', 'h1', 'head', 'html', 'meta', 'p', 'table', 'td', 'title', 'tr']);
  });

  it('escapes the link in href attributes', () => {
    expect(rendered.html).toContain('href="https://footprint.example/x?a=1&amp;b=&quot;&gt;&lt;script&gt;"');
  });

  it('keeps the plain-text version plain, with every paragraph', () => {
    expect(rendered.text).toContain(HOSTILE);
    expect(rendered.text).toContain('Second paragraph.');
    expect(rendered.text).not.toContain('&lt;');
  });

  it('uses inline styles only', () => {
    expect(rendered.html).not.toMatch(/<style|<link|class=/i);
    expect(rendered.html).toMatch(/<a [^>]*style="[^"]*background|<td [^>]*style="[^"]*background-color/);
  });

  it('works without an action', () => {
    const plain = renderEmail({ title: 'Hello', intro: 'Intro.', outro: 'Outro.' });
    expect(plain.html).not.toContain('<a ');
    expect(plain.text).toBe('Hello\n\nIntro.\n\nOutro.\n\n— Footprint\n');
  });

  it.each(['javascript:alert(1)', 'data:text/html,<b>x</b>', '/relative/path', 'not a url'])(
    'refuses an action URL that is not absolute http(s): %s',
    (url) => {
      expect(() => renderEmail({ title: 't', intro: 'i', action: { label: 'Go', url }, outro: 'o' })).toThrow(
        /absolute http/,
      );
    },
  );
});

describe.each([
  ['verificationEmail', verificationEmail, 'Confirm your email address for Footprint', 'Confirm email address'],
  ['passwordResetEmail', passwordResetEmail, 'Reset your Footprint password', 'Reset password'],
])('%s', (_name, build, subject, label) => {
  const email = build(URL_WITH_QUERY);

  it('has its subject', () => {
    expect(email.subject).toBe(subject);
  });

  it('carries the link in both versions', () => {
    expect(email.text).toContain(URL_WITH_QUERY);
    const escaped = URL_WITH_QUERY.replace(/&/g, '&amp;');
    expect(email.html).toContain(`href="${escaped}"`);
    expect(visibleText(email.html)).toContain(escaped); // also shown, for copying by hand
    expect(email.html).toContain(`>${label}</a>`);
    expect(email.text).toContain(`${label}:\n${URL_WITH_QUERY}`);
  });

  it('says the same things in both versions', () => {
    const words = (s: string) =>
      s
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&')
        .split(/\s+/)
        .filter((w) => /^[A-Za-z]{4,}[.,:]?$/.test(w))
        .map((w) => w.replace(/[.,:]$/, ''));
    const body = visibleText(email.html.slice(email.html.indexOf('<h1')));
    for (const word of words(email.text)) expect(body).toContain(word);
  });
});

describe('passwordResetEmail', () => {
  const email = passwordResetEmail(URL_WITH_QUERY);

  it('says the link works once and expires in one hour, and what to do when it was not asked for', () => {
    for (const version of [email.text, visibleText(email.html)]) {
      expect(version).toContain('This link works once and expires in one hour.');
      expect(version).toMatch(/If you did not ask to reset your password, you can ignore this email/);
    }
  });
});

describe('verificationEmail', () => {
  it('tells someone who did not sign up what to do', () => {
    const email = verificationEmail(URL_WITH_QUERY);
    expect(email.text).toMatch(/If you did not create a Footprint account, you can ignore this email/);
    expect(visibleText(email.html)).toMatch(/If you did not create a Footprint account, you can ignore this email/);
  });
});
