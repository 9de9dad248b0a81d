import { checkLine, checkStatusText, htmlToText, safeHttpsUrl, safeWebUrl, scoreTone, usernameSitesView } from './scan-display';
import { check } from './scan-test-helpers';

describe('scoreTone', () => {
  it.each([
    [100, 'green'],
    [80, 'green'],
    [79, 'yellow'],
    [60, 'yellow'],
    [59, 'red'],
    [0, 'red'],
  ])('%i is %s', (score, palette) => {
    expect(scoreTone(score).palette).toBe(palette);
  });

  it('uses dark text on yellow and white text on the darker green and red', () => {
    expect([scoreTone(90), scoreTone(70), scoreTone(10)].map((t) => [t.bg, t.fg])).toEqual([
      ['green.700', 'white'],
      ['yellow.300', 'gray.900'],
      ['red.700', 'white'],
    ]);
  });
});

describe('check status lines', () => {
  it('reads like the spec example for each status', () => {
    expect(checkLine('Data breaches', check({ id: 'breaches', status: 'not_configured' }))).toBe('Data breaches: not configured on this server');
    expect(checkLine('Data breaches', undefined)).toBe('Data breaches: checking…');
    expect(checkStatusText(check({ id: 'breaches', findings: 0 }))).toBe('checked, nothing found');
    expect(checkStatusText(check({ id: 'breaches', findings: 1 }))).toBe('checked, 1 finding');
    expect(checkStatusText(check({ id: 'breaches', findings: 3 }))).toBe('checked, 3 findings');
    expect(checkStatusText(check({ id: 'breaches', status: 'unavailable' }))).toBe('unavailable, not checked');
    expect(checkStatusText(check({ id: 'breaches', status: 'timed_out' }))).toBe('timed out, not checked');
    expect(checkStatusText(check({ id: 'website', status: 'not_applicable' }))).toBe('not available for this input');
    expect(checkStatusText(check({ id: 'breaches', status: 'rate_limited' }))).toBe('rate limited, not checked');
    expect(checkStatusText(check({ id: 'breaches', status: 'rate_limited', retryAfterSeconds: 2 }))).toBe(
      'rate limited, not checked (try again in 2 seconds)',
    );
    expect(checkStatusText(check({ id: 'breaches', status: 'rate_limited', retryAfterSeconds: 600 }))).toBe(
      'rate limited, not checked (try again in 10 minutes)',
    );
  });
});

describe('htmlToText', () => {
  it('drops tags and script content and decodes entities', () => {
    expect(
      htmlToText(
        'In 2013, <a href="https://x.test" target="_blank" rel="noopener">Adobe</a> lost <em>153&nbsp;million</em> records &amp; hints.' +
          '<script type="text/javascript">steal()</script><style>p{}</style> &quot;Q&quot; &#39;s&#39; &#x2014; &lt;b&gt; &bogus;',
      ),
    ).toBe('In 2013, Adobe lost 153 million records & hints. "Q" \'s\' — <b> &bogus;');
  });

  it('leaves plain text alone', () => {
    expect(htmlToText('  Nothing  special\nhere ')).toBe('Nothing special here');
  });
});

describe('safeHttpsUrl', () => {
  it('links https only', () => {
    expect(safeHttpsUrl('https://haveibeenpwned.com/x')).toBe('https://haveibeenpwned.com/x');
    expect(safeHttpsUrl('http://example.com')).toBeUndefined();
    expect(safeHttpsUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeHttpsUrl('not a url')).toBeUndefined();
    expect(safeHttpsUrl(undefined)).toBeUndefined();
  });
});

describe('the username sites', () => {
  const site = (name: string, outcome: 'hit' | 'miss' | 'unknown') => ({ site: name, category: 'social', url: `https://${name}.example/x`, outcome, reason: outcome });

  it('sorts the sites into found, not found and unknown', () => {
    const view = usernameSitesView([site('a', 'hit'), site('b', 'miss'), site('c', 'unknown'), site('d', 'miss'), site('e', 'hit')]);
    expect(view.found.map((s) => s.site)).toEqual(['a', 'e']);
    expect(view.unknown.map((s) => s.site)).toEqual(['c']);
    expect(view.notFound.map((s) => s.site)).toEqual(['b', 'd']);
    expect(view.headline).toBe('Found on 2 of 5 sites checked; 1 could not be checked');
  });

  it('words the headline for nothing found and for a single site', () => {
    expect(usernameSitesView([site('a', 'miss'), site('b', 'miss')]).headline).toBe('Not found on any of the 2 sites checked');
    expect(usernameSitesView([site('a', 'miss')]).headline).toBe('Not found on the 1 site checked');
    expect(usernameSitesView([site('a', 'hit')]).headline).toBe('Found on 1 of 1 site checked');
  });

  it('links profiles over http and https only', () => {
    expect(safeWebUrl('https://github.com/x')).toBe('https://github.com/x');
    expect(safeWebUrl('http://127.0.0.1:8080/u/x')).toBe('http://127.0.0.1:8080/u/x');
    expect(safeWebUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeWebUrl('data:text/html,hi')).toBeUndefined();
    expect(safeWebUrl('not a url')).toBeUndefined();
    expect(safeWebUrl(undefined)).toBeUndefined();
  });
});
