import { getDomain } from 'tldts';
import { loadConfig } from '../../common/config/app.config';
import { TrackerCatalogueService } from './tracker-catalogue.service';
import { FILTER_LIST_COMPANY, TRACKER_CATALOGUE, TRACKER_CATEGORIES } from './tracker.catalogue';

const catalogue = new TrackerCatalogueService(loadConfig({ NODE_ENV: 'test' }));

describe('TRACKER_CATALOGUE', () => {
  it('lists at least 150 tracker domains', () => {
    expect(TRACKER_CATALOGUE.length).toBeGreaterThanOrEqual(150);
  });

  it('lists each domain once', () => {
    const domains = TRACKER_CATALOGUE.map((entry) => entry.domain);
    expect(domains.filter((domain, i) => domains.indexOf(domain) !== i)).toEqual([]);
  });

  it.each(TRACKER_CATALOGUE.map((entry) => [entry.domain, entry] as const))('has a well-formed entry for %s', (domain, entry) => {
    // Lower-case ASCII labels, at least two, under a real registrable domain (never a bare suffix).
    expect(domain).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
    expect(getDomain(domain, { allowPrivateDomains: true })).not.toBeNull();
    expect(entry.company.trim()).not.toBe('');
    expect(entry.company).toBe(entry.company.trim());
    expect(entry.company).not.toBe(FILTER_LIST_COMPANY);
    expect(TRACKER_CATEGORIES).toContain(entry.category);
    if (entry.name !== undefined) expect(entry.name.trim()).not.toBe('');
  });

  it('covers every category it declares', () => {
    const used = new Set(TRACKER_CATALOGUE.map((entry) => entry.category));
    expect([...TRACKER_CATEGORIES].filter((category) => !used.has(category))).toEqual([]);
  });
});

describe('the named trackers', () => {
  // Hosts the vendors' own snippets load from.
  it.each([
    ['static.hotjar.com', 'Hotjar'],
    ['edge.fullstory.com', 'FullStory'],
    ['www.clarity.ms', 'Microsoft Clarity'],
    ['cdn.mouseflow.com', 'Mouseflow'],
    ['web-sdk.smartlook.com', 'Smartlook'],
    ['cdn.logrocket.io', 'LogRocket'],
    ['r.lr-ingest.io', 'LogRocket'],
    ['tools.luckyorange.com', 'Lucky Orange'],
    ['cdn.inspectlet.com', 'Inspectlet'],
    ['cdn.quantummetric.com', 'Quantum Metric'],
    ['t.contentsquare.net', 'Contentsquare'],
  ])('knows the session recorder at %s (%s)', (host, product) => {
    const entry = catalogue.match(host);
    expect(entry?.category).toBe('session recording');
    expect(entry?.name ?? entry?.company).toBe(product);
  });

  it('names the Facebook (Meta) pixel', () => {
    expect(catalogue.match('connect.facebook.net')).toEqual({
      domain: 'connect.facebook.net',
      company: 'Meta Platforms',
      category: 'advertising',
      name: 'Meta Pixel (Facebook pixel)',
    });
  });

  it.each([
    ['www.google-analytics.com', 'analytics', 'Google Analytics'],
    ['region1.analytics.google.com', 'analytics', 'Google Analytics'],
    ['www.googletagmanager.com', 'tag manager', 'Google Tag Manager'],
    ['googleads.g.doubleclick.net', 'advertising', 'DoubleClick / Google Ads'],
    ['stats.g.doubleclick.net', 'advertising', 'DoubleClick / Google Ads'],
    ['pagead2.googlesyndication.com', 'advertising', 'Google AdSense (googlesyndication)'],
    ['www.googleadservices.com', 'advertising', 'Google Ads conversion tracking (googleadservices)'],
  ])('names Google\'s tag at %s', (host, category, name) => {
    expect(catalogue.match(host)).toMatchObject({ company: 'Google', category, name });
  });
});

describe('TrackerCatalogueService.match', () => {
  it('matches a domain, its subdomains at any depth, in any case and with a trailing dot', () => {
    for (const host of ['doubleclick.net', 'ad.doubleclick.net', 'a.b.c.doubleclick.net', 'AD.DoubleClick.NET', 'ad.doubleclick.net.']) {
      expect(catalogue.match(host)?.domain).toBe('doubleclick.net');
    }
  });

  it('does not match hosts that only look alike', () => {
    for (const host of ['notdoubleclick.net', 'doubleclick.net.attacker.example', 'doubleclick.com', 'net', '', 'facebook.net.example']) {
      expect(catalogue.match(host)).toBeUndefined();
    }
  });

  it('prefers the most specific entry', () => {
    expect(catalogue.match('analytics.twitter.com')?.category).toBe('advertising');
    expect(catalogue.match('platform.twitter.com')?.category).toBe('social');
    expect(catalogue.match('px.ads.linkedin.com')?.name).toBe('LinkedIn Insight Tag');
    expect(catalogue.match('www.linkedin.com')?.category).toBe('social');
    // A specific Google host, while google.com and googleapis.com in general are not trackers.
    expect(catalogue.match('imasdk.googleapis.com')?.category).toBe('advertising');
    expect(catalogue.match('fonts.googleapis.com')).toBeUndefined();
    expect(catalogue.match('www.google.com')).toBeUndefined();
  });

  it('reports its size: the built-in entries until a filter list adds more', () => {
    expect(catalogue.size).toBe(TRACKER_CATALOGUE.length);
    expect(catalogue.filterListSize).toBe(0);
  });
});
