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
    it('keeps an http(s) URL, normalizing the host', () => {
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

    describe('the real-world forms of each platform', () => {
      it.each([
        // Instagram: profile, its tabs, stories, query strings from the share sheet, upper case
        ['https://www.instagram.com/jane.doe/?igsh=MWQ1ZGUxMzBkMA==', 'instagram', 'jane.doe'],
        ['https://instagram.com/jane_doe/reels/', 'instagram', 'jane_doe'],
        ['https://www.instagram.com/jane.doe/tagged/', 'instagram', 'jane.doe'],
        ['https://www.instagram.com/stories/jane.doe/3141592653589793/', 'instagram', 'jane.doe'],
        ['HTTPS://WWW.INSTAGRAM.COM/JANE.DOE/', 'instagram', 'jane.doe'],
        ['www.instagram.com/jane.doe#posts', 'instagram', 'jane.doe'],
        ['https://m.instagram.com/jane.doe', 'instagram', 'jane.doe'],
        // Twitter and X, on every host they use
        ['https://twitter.com/jack?lang=en', 'twitter', 'jack'],
        ['https://www.twitter.com/Jack/', 'twitter', 'jack'],
        ['https://mobile.twitter.com/jack', 'twitter', 'jack'],
        ['https://x.com/jack/status/20?s=20&t=abc', 'twitter', 'jack'],
        ['https://x.com/jack/with_replies', 'twitter', 'jack'],
        ['https://x.com/@jack', 'twitter', 'jack'],
        ['X.COM/JACK', 'twitter', 'jack'],
        // LinkedIn: people, old public profiles, companies, country subdomains, tracking parameters
        ['https://www.linkedin.com/in/jane-doe-0a1b2c3/?originalSubdomain=uk', 'linkedin', 'jane-doe-0a1b2c3'],
        ['https://uk.linkedin.com/in/jane-doe', 'linkedin', 'jane-doe'],
        ['https://de.linkedin.com/in/j%C3%BCrgen-m%C3%BCller', 'linkedin', 'jürgen-müller'],
        ['https://www.linkedin.com/pub/jane-doe/12/345/678', 'linkedin', 'jane-doe'],
        ['https://www.linkedin.com/company/acme-widgets/about/', 'linkedin', 'acme-widgets'],
        ['linkedin.com/in/Jane-Doe#experience', 'linkedin', 'jane-doe'],
        // Facebook: vanity names on every host, with tabs
        ['https://www.facebook.com/jane.doe.35', 'facebook', 'jane.doe.35'],
        ['https://m.facebook.com/jane.doe?ref=bookmarks', 'facebook', 'jane.doe'],
        ['https://web.facebook.com/jane.doe/', 'facebook', 'jane.doe'],
        ['https://fb.com/jane.doe', 'facebook', 'jane.doe'],
        ['https://www.facebook.com/jane.doe/posts/10158000000000000', 'facebook', 'jane.doe'],
        // TikTok: only /@name is a profile
        ['https://www.tiktok.com/@jane.doe?lang=en', 'tiktok', 'jane.doe'],
        ['https://www.tiktok.com/@jane_doe/video/7300000000000000000', 'tiktok', 'jane_doe'],
        ['https://m.tiktok.com/@jane.doe', 'tiktok', 'jane.doe'],
        // YouTube: handles, legacy custom URLs and user names
        ['https://www.youtube.com/@JaneDoe/videos', 'youtube', 'janedoe'],
        ['https://m.youtube.com/@jane-doe', 'youtube', 'jane-doe'],
        ['https://www.youtube.com/user/janedoe?sub_confirmation=1', 'youtube', 'janedoe'],
        ['https://youtube.com/c/JaneDoe/featured', 'youtube', 'janedoe'],
        // Reddit: user pages on every host
        ['https://www.reddit.com/user/jane_doe/', 'reddit', 'jane_doe'],
        ['https://new.reddit.com/user/jane-doe/comments/', 'reddit', 'jane-doe'],
        ['https://old.reddit.com/u/jane_doe?sort=top', 'reddit', 'jane_doe'],
        ['reddit.com/u/Jane_Doe', 'reddit', 'jane_doe'],
      ])('%s → %s handle %s', (input, platform, handle) => {
        expect(classifyScanInput(input)).toMatchObject({ kind: 'social', platform, handle });
      });

      it.each([
        // posts, videos and the platforms' own pages
        ['https://www.instagram.com/p/C1a2b3c4d5e/?igsh=abc', 'instagram'],
        ['https://www.instagram.com/reel/C1a2b3c4d5e/', 'instagram'],
        ['https://www.instagram.com/reels/C1a2b3c4d5e/', 'instagram'],
        ['https://www.instagram.com/tv/C1a2b3c4d5e/', 'instagram'],
        ['https://www.instagram.com/accounts/login/', 'instagram'],
        ['https://www.instagram.com/stories/highlights/1790000000/', 'instagram'],
        ['https://twitter.com/intent/tweet?text=hi', 'twitter'],
        ['https://twitter.com/intent/user?screen_name=jack', 'twitter'],
        ['https://x.com/i/web/status/20', 'twitter'],
        ['https://x.com/i/flow/login', 'twitter'],
        ['https://x.com/search?q=privacy', 'twitter'],
        ['https://x.com/hashtag/privacy', 'twitter'],
        ['https://twitter.com/settings/account', 'twitter'],
        ['https://x.com/much_too_long_for_twitter', 'twitter'],
        ['https://www.linkedin.com/feed/', 'linkedin'],
        ['https://www.linkedin.com/jobs/view/3700000000/', 'linkedin'],
        ['https://www.linkedin.com/posts/jane-doe_activity-7100000000000000000-abcd', 'linkedin'],
        ['https://www.facebook.com/profile.php?id=100012345678901', 'facebook'],
        ['https://www.facebook.com/people/Jane-Doe/100012345678901/', 'facebook'],
        ['https://www.facebook.com/groups/123456789/', 'facebook'],
        ['https://www.facebook.com/watch/?v=123', 'facebook'],
        ['https://www.facebook.com/photo.php?fbid=123', 'facebook'],
        ['https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fexample.com', 'facebook'],
        ['https://vm.tiktok.com/ZMabc123/', 'tiktok'],
        ['https://vt.tiktok.com/ZSabc123/', 'tiktok'],
        ['https://www.tiktok.com/t/ZTabc123/', 'tiktok'],
        ['https://www.tiktok.com/jane.doe', 'tiktok'],
        ['https://www.tiktok.com/discover/privacy', 'tiktok'],
        ['https://www.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw', 'youtube'],
        ['https://youtu.be/dQw4w9WgXcQ?t=42', 'youtube'],
        ['https://www.youtube.com/shorts/abc123', 'youtube'],
        ['https://www.youtube.com/playlist?list=PL123', 'youtube'],
        ['https://www.youtube.com/results?search_query=privacy', 'youtube'],
        ['https://www.reddit.com/r/privacy/', 'reddit'],
        ['https://www.reddit.com/r/privacy/comments/abc123/title/', 'reddit'],
        ['https://redd.it/abc123', 'reddit'],
        ['https://www.reddit.com/user/', 'reddit'],
        ['https://www.reddit.com/u/ab', 'reddit'],
      ])('%s is a %s link that names no account', (input, platform) => {
        const result = classifyScanInput(input);
        expect(result).toMatchObject({ kind: 'social', platform, url: new URL(input).href });
        expect(result.handle).toBeUndefined();
      });

      it('keeps the whole profile URL, query and fragment included, as the value', () => {
        expect(classifyScanInput('https://x.com/jack/status/20?s=20#reply')).toMatchObject({
          value: 'https://x.com/jack/status/20?s=20#reply',
          url: 'https://x.com/jack/status/20?s=20#reply',
          handle: 'jack',
        });
      });

      it.each([
        ['https://www.instagram.com/jane', 'instagram'],
        ['https://x.com/jane', 'twitter'],
        ['https://twitter.com/jane', 'twitter'],
        ['https://www.linkedin.com/in/jane-doe', 'linkedin'],
        ['https://www.facebook.com/jane.doe', 'facebook'],
        ['https://www.tiktok.com/@jane', 'social'],
        ['https://www.youtube.com/@jane', 'social'],
        ['https://www.reddit.com/user/jane', 'social'],
        ['https://vm.tiktok.com/ZMabc123/', 'social'],
        ['https://www.facebook.com/profile.php?id=1', 'facebook'],
      ])('the widget inputType of %s is %s', (input, inputType) => {
        expect(classifyScanInput(input).inputType).toBe(inputType);
      });
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
