import {
  classifyScanInput,
  isScanButtonDisabled,
  platformOfHost,
  SCAN_INPUT_MAX_LENGTH,
  SCAN_INPUT_MESSAGES,
  scanInputError,
} from './scan-input.rules';

describe('scanInputError', () => {
  it.each(['', ' ', '   ', '\t', '\n \t '])('asks for input when it is empty after trimming (%j)', (input) => {
    expect(scanInputError(input)).toBe(SCAN_INPUT_MESSAGES.empty);
  });

  it('uses the spec wording for both messages', () => {
    expect(SCAN_INPUT_MESSAGES.empty).toBe('Please enter a handle, URL, or email address');
    expect(SCAN_INPUT_MESSAGES.invalid).toBe(
      'Please enter a valid email address, website URL, or social media handle (e.g., @username)',
    );
  });

  it.each([
    'jane@example.com',
    '  Jane.Doe@Example.COM  ',
    'a@b.co',
    'first+tag@sub.domain.org',
    'https://example.com',
    'http://example.com/path?q=1',
    'HTTPS://EXAMPLE.COM',
    'https://localhost:3000',
    '@jane',
    '@Jane_Doe_99',
    '@_',
    'example.com',
    'www.example.co.uk',
    'example.museum',
    'example.com:8080/about',
    'example.com/path?utm_source=x#top',
    'xn--bcher-kva.de',
    'instagram.com/jane',
    'x.com/jane',
    'youtu.be/abc',
    'https://www.tiktok.com/@some.user',
  ])('accepts %j', (input) => {
    expect(scanInputError(input)).toBeUndefined();
  });

  it.each([
    'jane',
    'jane@',
    '@',
    'jane@example',
    '@jane.doe',
    '@jane-doe',
    '@jane doe',
    'jane doe@example.com',
    'jane@@example.com',
    'a@b@example.com',
    'example',
    'example.c',
    'example.123',
    '192.168.1.1',
    'exa mple.com',
    'ftp://example.com',
    'javascript:alert(1)',
    'http://',
    'https://',
    'https://exa mple.com',
    'https://user:secret@example.com',
    'example.com:99999',
    '-example.com',
    'netflix',
    'instagram',
    'jane@example.com/inbox',
    'jane@example.com?subject=hi',
  ])('refuses %j with the invalid message', (input) => {
    expect(scanInputError(input)).toBe(SCAN_INPUT_MESSAGES.invalid);
  });

  it('refuses input longer than the limit, even when it is otherwise a URL', () => {
    const base = 'https://example.com/';
    const atLimit = base + 'a'.repeat(SCAN_INPUT_MAX_LENGTH - base.length);
    expect(atLimit).toHaveLength(SCAN_INPUT_MAX_LENGTH);
    expect(scanInputError(atLimit)).toBeUndefined();
    expect(scanInputError(atLimit + 'a')).toBe(SCAN_INPUT_MESSAGES.invalid);
  });

  it('measures the limit after trimming', () => {
    const base = 'https://example.com/';
    const atLimit = base + 'a'.repeat(SCAN_INPUT_MAX_LENGTH - base.length);
    expect(scanInputError(`   ${atLimit}   `)).toBeUndefined();
  });
});

describe('isScanButtonDisabled', () => {
  it('is disabled while scanning, even for valid input', () => {
    expect(isScanButtonDisabled('jane@example.com', true)).toBe(true);
  });

  it('is disabled for empty or blank input', () => {
    expect(isScanButtonDisabled('', false)).toBe(true);
    expect(isScanButtonDisabled('   ', false)).toBe(true);
  });

  it('is disabled for invalid input', () => {
    expect(isScanButtonDisabled('not an address', false)).toBe(true);
  });

  it.each(['jane@example.com', '@jane', 'example.com', 'https://x.com/jane'])('is enabled for valid %j when idle', (input) => {
    expect(isScanButtonDisabled(input, false)).toBe(false);
  });
});

describe('classifyScanInput', () => {
  describe('emails', () => {
    it('trims and lower-cases the address and reads its domain', () => {
      expect(classifyScanInput('  Jane.Doe@Example.COM ')).toEqual({
        value: 'jane.doe@example.com',
        kind: 'email',
        inputType: 'email',
        domain: 'example.com',
      });
    });

    it('is an email even when the domain is a social host', () => {
      expect(classifyScanInput('jane@x.com')).toMatchObject({ kind: 'email', inputType: 'email', domain: 'x.com' });
      expect(classifyScanInput('jane@instagram.com')).toMatchObject({ kind: 'email', domain: 'instagram.com' });
    });

    it('keeps plus tags and subdomains', () => {
      expect(classifyScanInput('a+news@mail.example.org')).toMatchObject({ value: 'a+news@mail.example.org', domain: 'mail.example.org' });
    });
  });

  describe('handles', () => {
    it('reads an @handle, lower-cased, without a platform', () => {
      const result = classifyScanInput(' @Jane_Doe ');
      expect(result).toEqual({ value: '@jane_doe', kind: 'social', inputType: 'social', handle: 'jane_doe' });
      expect(result.platform).toBeUndefined();
    });
  });

  describe('URLs', () => {
    it('keeps an http(s) URL, normalising the host', () => {
      expect(classifyScanInput('https://Example.com/Some/Path?Q=1')).toEqual({
        value: 'https://example.com/Some/Path?Q=1',
        kind: 'url',
        inputType: 'url',
        url: 'https://example.com/Some/Path?Q=1',
      });
    });

    it('keeps plain http as http (the URL analyzer reports it)', () => {
      expect(classifyScanInput('http://example.com')).toMatchObject({ kind: 'url', url: 'http://example.com/' });
    });

    it('adds https:// to a bare domain', () => {
      expect(classifyScanInput('www.Example.co.uk')).toMatchObject({ kind: 'url', inputType: 'url', url: 'https://www.example.co.uk/' });
      expect(classifyScanInput('example.com:8080/about')).toMatchObject({ kind: 'url', url: 'https://example.com:8080/about' });
    });

    it('refuses credentials in a URL', () => {
      expect(classifyScanInput('https://user:pw@example.com').kind).toBe('unknown');
      expect(classifyScanInput('https://user@example.com').kind).toBe('unknown');
    });

    it('reads a URL with an @ in its path as a URL, not as an email', () => {
      expect(classifyScanInput('https://medium.com/@jane.doe')).toMatchObject({ kind: 'url', url: 'https://medium.com/@jane.doe' });
      expect(classifyScanInput('medium.com/@jane.doe')).toMatchObject({ kind: 'url', url: 'https://medium.com/@jane.doe' });
    });

    it('does not take a domain ending in a social host name as that platform (netflix.com is not x.com)', () => {
      expect(classifyScanInput('netflix.com')).toMatchObject({ kind: 'url', inputType: 'url' });
      expect(classifyScanInput('https://netflix.com/browse')).toMatchObject({ kind: 'url' });
      expect(classifyScanInput('notinstagram.com/jane')).toMatchObject({ kind: 'url' });
      expect(classifyScanInput('https://x.com.evil.example/jane')).toMatchObject({ kind: 'url' });
    });

    it('marks invalid input as unknown and keeps it trimmed', () => {
      expect(classifyScanInput('  hello world  ')).toEqual({ value: 'hello world', kind: 'unknown', inputType: 'unknown' });
    });
  });

  describe('social profile URLs', () => {
    it.each([
      ['https://www.instagram.com/Jane.Doe/', 'instagram', 'instagram', 'jane.doe'],
      ['instagram.com/jane', 'instagram', 'instagram', 'jane'],
      ['https://twitter.com/jack', 'twitter', 'twitter', 'jack'],
      ['x.com/jack', 'twitter', 'twitter', 'jack'],
      ['https://mobile.twitter.com/jack/status/20', 'twitter', 'twitter', 'jack'],
      ['https://www.linkedin.com/in/jane-doe-123/', 'linkedin', 'linkedin', 'jane-doe-123'],
      ['https://www.linkedin.com/company/acme', 'linkedin', 'linkedin', 'acme'],
      ['https://m.facebook.com/jane.doe', 'facebook', 'facebook', 'jane.doe'],
      ['fb.com/jane', 'facebook', 'facebook', 'jane'],
      ['https://www.tiktok.com/@some.user', 'tiktok', 'social', 'some.user'],
      ['https://www.youtube.com/@SomeChannel', 'youtube', 'social', 'somechannel'],
      ['https://www.youtube.com/c/SomeChannel', 'youtube', 'social', 'somechannel'],
      ['https://www.reddit.com/user/spez', 'reddit', 'social', 'spez'],
      ['https://old.reddit.com/u/spez', 'reddit', 'social', 'spez'],
    ])('%s → %s / %s / %s', (input, platform, inputType, handle) => {
      expect(classifyScanInput(input)).toMatchObject({ kind: 'social', platform, inputType, handle });
    });

    it.each([
      ['https://x.com/home', 'twitter'],
      ['https://www.instagram.com/explore/', 'instagram'],
      ['https://www.instagram.com/p/Cabc123/', 'instagram'],
      ['https://www.youtube.com/watch?v=abc', 'youtube'],
      ['https://www.facebook.com/', 'facebook'],
      ['https://www.linkedin.com/in/', 'linkedin'],
    ])('%s is a %s URL without a handle', (input, platform) => {
      const result = classifyScanInput(input);
      expect(result).toMatchObject({ kind: 'social', platform });
      expect(result.handle).toBeUndefined();
      expect(result.url).toBe(new URL(input).href);
    });
  });
});

describe('platformOfHost', () => {
  it.each([
    ['instagram.com', 'instagram'],
    ['www.instagram.com', 'instagram'],
    ['X.COM', 'twitter'],
    ['x.com.', 'twitter'],
    ['youtu.be', 'youtube'],
    ['redd.it', 'reddit'],
    ['de.linkedin.com', 'linkedin'],
  ])('%s → %s', (host, platform) => {
    expect(platformOfHost(host)).toBe(platform);
  });

  it.each(['netflix.com', 'box.com', 'myinstagram.com', 'instagram.com.example.org', 'fb.com.evil.net', 'reddit.co'])(
    '%s is no social host',
    (host) => {
      expect(platformOfHost(host)).toBeUndefined();
    },
  );
});
