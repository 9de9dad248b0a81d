import { Logger } from '@nestjs/common';
import { KNOWN_TRACKER_SCRIPTS, unknownVendorScripts } from '../../../../test/support/tracker-scripts';
import { loadConfig } from '../../common/config/app.config';
import { TrackerCatalogueService } from '../trackers/tracker-catalogue.service';
import { TRACKER_CATEGORIES } from '../trackers/tracker.catalogue';
import { type Finding, FINDING_TYPES, type RiskDetail } from '../../vocabulary/finding.types';
import { FINDING_RECOMMENDATIONS } from '../../vocabulary/recommendation.catalogue';
import { analyzeThirdParties, MAX_EVIDENCE_LINES, MAX_UNKNOWN_DOMAINS, TRACKER_FINDING_RULES, TRACKER_TYPE_RULES } from './third-party.analyzer';

const catalogue = new TrackerCatalogueService(loadConfig({ NODE_ENV: 'test' }));
const SITE = 'https://www.shop.example/products/1';

const analyze = (html: string, url = SITE) => analyzeThirdParties({ url, html }, catalogue);
const details = (findings: Finding[]) => findings.map((f) => f.detail as RiskDetail);
const page = (head: string, body = '') => `<!doctype html><html><head><title>Shop</title>${head}</head><body>${body}</body></html>`;

/** The finding whose value names `name`, or a failure that shows what was found. */
function findingFor(findings: Finding[], name: string): Finding & { detail: RiskDetail } {
  const found = findings.find((f) => (f.detail as RiskDetail).value.includes(name));
  if (!found) throw new Error(`no finding for ${name}; found ${details(findings).map((d) => d.value).join(' | ')}`);
  return found as Finding & { detail: RiskDetail };
}
const lines = (finding: Finding) => (finding.detail.evidence.observed ?? '').split('\n');

describe('analyzeThirdParties', () => {
  it('finds nothing on a page without third parties', () => {
    const html = page('<link rel="stylesheet" href="/app.css"><script src="/app.js"></script>', '<img src="logo.png"><form action="/search"></form>');
    expect(analyze(html)).toEqual([]);
  });

  it.each(['not a url', 'ftp://www.shop.example/', ''])('finds nothing when the page URL %j is not http(s)', (url) => {
    expect(analyze(page('<script src="https://static.hotjar.com/c/hotjar-1.js"></script>'), url)).toEqual([]);
  });

  describe('every element that makes a request', () => {
    const cases: [string, string, string][] = [
      ['script src', '<script async src="https://static.hotjar.com/c/hotjar-123.js?sv=6"></script>', 'Hotjar'],
      ['iframe src', '<iframe src="https://www.youtube.com/embed/abc"></iframe>', 'YouTube'],
      ['img src (1×1 pixel)', '<img src="https://bat.bing.com/action/0?ti=1&Ver=2" width="1" height="1" alt="">', 'Microsoft Advertising UET tag'],
      ['img src', '<img src="https://stats.wp.com/g.gif?blog=1" alt="">', 'Jetpack Stats'],
      ['noscript img src (1×1 pixel)', '<noscript><img height="1" width="1" style="display:none" src="https://www.facebook.com/tr?id=123&ev=PageView&noscript=1"></noscript>', 'Meta Pixel'],
      ['noscript iframe src', '<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-ABC" height="0" width="0"></iframe></noscript>', 'Google Tag Manager'],
      ['stylesheet', '<link rel="stylesheet" href="https://cdn.cookielaw.org/x.css"><link rel="stylesheet" href="https://app.usefathom.com/style.css">', 'Fathom'],
      ['preconnect hint', '<link rel="preconnect" href="https://www.google-analytics.com" crossorigin>', 'Google Analytics'],
      ['dns-prefetch hint', '<link rel="dns-prefetch" href="//cdn.segment.com">', 'Segment'],
      ['preload hint', '<link rel="preload" as="script" href="https://cdn.mxpnl.com/libs/mixpanel.min.js">', 'Mixpanel'],
      ['form action', '<form method="post" action="https://forms.hsforms.com/submissions/v3/public/submit/formsnext/multipart/1/2"></form>', 'HubSpot forms'],
      ['form action', '<form><button formaction="https://invented.list-manage.com/subscribe/post">Join</button></form>', 'Mailchimp'],
      ['img srcset', '<img src="/a.png" srcset="/a-2x.png 2x, https://pixel.wp.com/b.gif 3x">', 'Jetpack Stats'],
      ['picture source', '<picture><source srcset="https://i.ytimg.com/vi/abc/maxres.webp" type="image/webp"><img src="/a.jpg"></picture>', 'YouTube images'],
      ['video poster', '<video src="/clip.mp4" poster="https://i.ytimg.com/vi/abc/hq.jpg"></video>', 'YouTube images'],
      ['embed src', '<embed src="https://www.youtube.com/v/abc">', 'YouTube'],
      ['object data', '<object data="https://www.youtube.com/v/abc"></object>', 'YouTube'],
      ['input image', '<form><input type="image" src="https://pixel.wp.com/button.gif"></form>', 'Jetpack Stats'],
    ];

    it.each(cases)('reads %s', (element, markup, name) => {
      const finding = findingFor(analyze(page('', markup)), name);
      expect(lines(finding).some((line) => line.startsWith(`${element}: https://`))).toBe(true);
    });

    it('reads frames of a frameset', () => {
      const html = '<html><head></head><frameset cols="50%,50%"><frame src="/menu.html"><frame src="https://www.facebook.com/plugins/page.php"></frameset></html>';
      expect(lines(findingFor(analyze(html), 'Facebook'))).toEqual(['frame src: https://www.facebook.com/plugins/page.php']);
    });

    it('ignores links and other markup that does not load anything', () => {
      const html = page(
        '<link rel="canonical" href="https://static.hotjar.com/"><link rel="alternate" href="https://www.facebook.com/shop"><meta property="og:image" content="https://www.facebook.com/tr">',
        '<a href="https://twitter.com/shop">Follow us</a><p>Visit https://www.clarity.ms today</p><div data-src="https://www.clarity.ms/tag/x"></div>',
      );
      expect(analyze(html)).toEqual([]);
    });
  });

  describe('inline scripts', () => {
    it('finds Google Tag Manager in its snippet', () => {
      const snippet = `<script>(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer','GTM-ABCD123');</script>`;
      const finding = findingFor(analyze(page(snippet)), 'Google Tag Manager');
      expect(finding).toMatchObject({ group: 'metadata', detail: { type: 'tracker_tag_manager', risk: 'low' } });
      expect(lines(finding)).toEqual(['inline script: https://www.googletagmanager.com/gtm.js?id=']);
    });

    it('tells Google Analytics from Google Ads by the gtag.js ID', () => {
      const html = page(
        `<script async src="https://www.googletagmanager.com/gtag/js?id=G-ABC123"></script>
         <script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config', 'G-ABC123');gtag('config', 'AW-987654');</script>`,
      );
      const findings = analyze(html);
      const analytics = findingFor(findings, 'Google Analytics');
      expect(analytics).toMatchObject({ group: 'metadata', detail: { type: 'tracker_analytics', risk: 'medium' } });
      expect(lines(analytics)).toEqual([
        'script src: https://www.googletagmanager.com/gtag/js?id=G-ABC123',
        "inline script (snippet): gtag('config', 'G-ABC123')",
      ]);
      const ads = findingFor(findings, 'Google Ads');
      expect(ads).toMatchObject({ group: 'socialMedia', detail: { type: 'tracker_advertising', risk: 'medium' } });
      expect(lines(ads)).toEqual(["inline script (snippet): gtag('config', 'AW-987654')"]);
      // No separate tag-manager finding: the loader was Analytics.
      expect(details(findings).map((d) => d.type).sort()).toEqual(['tracker_advertising', 'tracker_analytics']);
    });

    it('finds the Meta pixel in its snippet: the fbevents.js URL and fbq(\'init\')', () => {
      const snippet = `<script>!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window, document,'script','https://connect.facebook.net/en_US/fbevents.js');fbq('init', '1234567890');fbq('track', 'PageView');</script>`;
      const findings = analyze(page(snippet, '<noscript><img height="1" width="1" src="https://www.facebook.com/tr?id=1234567890&ev=PageView&noscript=1"/></noscript>'));
      expect(findings).toHaveLength(1);
      const pixel = findingFor(findings, 'Meta Pixel (Facebook pixel)');
      expect(pixel).toMatchObject({ group: 'socialMedia', detail: { type: 'tracker_advertising', risk: 'medium', source: 'Footprint tracker catalogue' } });
      expect(lines(pixel)).toEqual([
        'inline script: https://connect.facebook.net/en_US/fbevents.js',
        "inline script (snippet): fbq('init', '1234567890')",
        'noscript img src (1×1 pixel): https://www.facebook.com/tr?id=1234567890&ev=PageView&noscript=1',
      ]);
      expect(pixel.detail.evidence.summary).toBe(
        'Meta Pixel (Facebook pixel): advertising tracking by Meta Platforms, loaded by this page. Ad companies use it to follow visits for targeting, retargeting and measuring ads.',
      );
    });

    it('finds a pixel from its snippet alone, with no URL in sight', () => {
      const findings = analyze(page("<script>fbq('init', '42'); fbq('track', 'Purchase');</script>"));
      expect(lines(findingFor(findings, 'Meta Pixel'))).toEqual(["inline script (snippet): fbq('init', '42')"]);
    });

    it('finds the Hotjar snippet, old (protocol-relative) and new', () => {
      const current = `<script>(function(h,o,t,j,a,r){h.hj=h.hj||function(){(h.hj.q=h.hj.q||[]).push(arguments)};h._hjSettings={hjid:3456789,hjsv:6};a=o.getElementsByTagName('head')[0];r=o.createElement('script');r.async=1;r.src=t+h._hjSettings.hjid+j+h._hjSettings.hjsv;a.appendChild(r);})(window,document,'https://static.hotjar.com/c/hotjar-','.js?sv=');</script>`;
      const hotjar = findingFor(analyze(page(current)), 'Hotjar');
      expect(hotjar).toMatchObject({ group: 'metadata', detail: { type: 'tracker_session_recording', risk: 'high', value: 'Hotjar' } });
      expect(hotjar.detail.evidence.summary).toBe(
        'Hotjar: session recording by Hotjar (Contentsquare), loaded by this page. Clicks, scrolling and often typing are recorded so visits can be replayed.',
      );
      expect(lines(hotjar)).toEqual(['inline script: https://static.hotjar.com/c/hotjar-', 'inline script (snippet): _hjSettings={hjid:3456789,hjsv:6}']);

      const old = "<script>(function(){var s=document.createElement('script');s.src='//static.hotjar.com/c/hotjar-99.js';document.head.appendChild(s);})();</script>";
      expect(lines(findingFor(analyze(page(old)), 'Hotjar'))).toEqual(['inline script: https://static.hotjar.com/c/hotjar-99.js']);
    });

    it('reads JSON-escaped URLs and entity-free script text', () => {
      const html = page('<script>var cfg = {"loader":"https:\\/\\/www.clarity.ms\\/tag\\/abc123","x":"a < b"};</script>');
      expect(lines(findingFor(analyze(html), 'Microsoft Clarity'))).toEqual(['inline script: https://www.clarity.ms/tag/abc123']);
    });

    it('finds LinkedIn, TikTok and Pinterest snippets by their calls', () => {
      const html = page(
        '<script>_linkedin_partner_id = "555"; ttq.load(\'CABC\'); pintrk(\'load\', \'2612345\');</script>',
      );
      const names = details(analyze(html)).map((d) => d.value).sort();
      expect(names).toEqual(['LinkedIn Insight Tag', 'Pinterest Tag', 'TikTok Pixel']);
    });

    it('marks scripts a consent manager holds back until the visitor agrees', () => {
      const html = page('<script type="text/plain" data-cookieconsent="statistics" src="https://cdn.mouseflow.com/projects/x.js"></script>');
      expect(lines(findingFor(analyze(html), 'Mouseflow'))).toEqual(['script src (held back until consent): https://cdn.mouseflow.com/projects/x.js']);
    });

    it('ignores data scripts and URLs of unknown hosts inside scripts', () => {
      const html = page(
        `<script type="application/ld+json">{"@context":"https://schema.org","logo":"https://static.hotjar.com/logo.png"}</script>
         <script>fetch('https://api.partner.example/v1/prices'); // see https://docs.partner.example
         </script>`,
      );
      expect(analyze(html)).toEqual([]);
    });
  });

  describe('first and third parties', () => {
    it('treats the site\'s own subdomains as first party, by registrable domain', () => {
      const html = page('<script src="https://static.shop.example/app.js"></script><img src="https://cdn.shop.example/a.png">');
      expect(analyze(html)).toEqual([]);
    });

    it('does not report a tracker company on its own site', () => {
      expect(analyze(page('<script src="https://static.hotjar.com/c/hotjar-1.js"></script>'), 'https://www.hotjar.com/')).toEqual([]);
    });

    it('knows co.uk-style public suffixes', () => {
      const html = page(
        '<script src="https://static.shop.example.co.uk/app.js"></script><img src="https://images.other.co.uk/a.png"><img src="https://b.co.uk/x.png">',
      );
      const [unknown, ...rest] = details(analyze(html, 'https://www.shop.example.co.uk/'));
      expect(rest).toEqual([]);
      expect(unknown).toMatchObject({ type: 'third_party_unknown', value: 'other.co.uk, b.co.uk', risk: 'low' });
    });

    it('treats sites on a shared hosting suffix as different parties', () => {
      const [unknown] = details(analyze(page('<script src="https://bob.github.io/lib.js"></script>'), 'https://alice.github.io/'));
      expect(unknown).toMatchObject({ type: 'third_party_unknown', value: 'bob.github.io' });
    });

    it('compares IP-address and single-label hosts as they are', () => {
      const html = page('<script src="http://127.0.0.1:8080/app.js"></script><img src="http://localhost/a.png"><script src="https://static.hotjar.com/c/1.js"></script>');
      const found = details(analyze(html, 'http://127.0.0.1:3000/'));
      // 127.0.0.1 on another port is the same host, so first party; the unknown summary comes last.
      expect(found.map((d) => [d.type, d.value])).toEqual([
        ['tracker_session_recording', 'Hotjar'],
        ['third_party_unknown', 'localhost'],
      ]);
    });
  });

  describe('relative URLs', () => {
    it('resolves relative and protocol-relative URLs against the page', () => {
      const html = page('<script src="../js/app.js"></script><script src="//static.hotjar.com/c/hotjar-1.js"></script>', '<img src="img/a.png">');
      expect(lines(findingFor(analyze(html, 'http://www.shop.example/a/b'), 'Hotjar'))).toEqual(['script src: http://static.hotjar.com/c/hotjar-1.js']);
      expect(analyze(page('<script src="/js/app.js"></script>'))).toEqual([]);
    });

    it('resolves later URLs against the first <base href>', () => {
      const html = page('<base href="https://static.hotjar.com/c/"><base href="https://other.example/"><script src="hotjar-2.js"></script>');
      expect(lines(findingFor(analyze(html), 'Hotjar'))).toEqual(['script src: https://static.hotjar.com/c/hotjar-2.js']);
    });

    it('ignores URLs that are not http(s) or cannot be parsed', () => {
      const html = page(
        '<script src="data:text/javascript,alert(1)"></script><iframe src="javascript:void(0)"></iframe><img src="blob:https://www.shop.example/1"><form action="mailto:shop@shop.example"></form><img src="https://[not-an-ip/x.png"><img src="   ">',
      );
      expect(analyze(html)).toEqual([]);
    });
  });

  describe('malformed HTML', () => {
    it('still finds third parties in broken, unquoted and upper-case markup', () => {
      const html = `<HTML><HEAD><SCRIPT SRC=https://static.hotjar.com/c/hotjar-1.js></SCRIPT><div <img src="https://cdn.broken.example/x.gif">
        <P>unclosed <b><i>nesting</b></i><IMG SRC='https://bat.bing.com/action/0?ti=1&amp;Ver=2' WIDTH=1 HEIGHT=1><table><tr><td><iframe src=https://www.youtube.com/embed/x>`;
      const found = analyze(html);
      expect(lines(findingFor(found, 'Hotjar'))).toEqual(['script src: https://static.hotjar.com/c/hotjar-1.js']);
      // Entities in attributes are decoded, as a browser would.
      expect(lines(findingFor(found, 'Microsoft Advertising'))).toEqual(['img src (1×1 pixel): https://bat.bing.com/action/0?ti=1&Ver=2']);
      expect(lines(findingFor(found, 'YouTube'))).toEqual(['iframe src: https://www.youtube.com/embed/x']);
    });

    it('reads a script left open at the end of the page', () => {
      expect(lines(findingFor(analyze("<html><body><script>fbq('init', '7');"), 'Meta Pixel'))).toEqual(["inline script (snippet): fbq('init', '7')"]);
    });

    it('does not throw on garbage', () => {
      for (const html of ['', '<<<>>>', '<script', '</noscript></noscript><img src=', '\u0000\uFFFF<img src="https://\u0000/">', '<'.repeat(10_000)]) {
        expect(() => analyze(html)).not.toThrow();
      }
    });
  });

  describe('findings', () => {
    it('maps each category to its group, type and risk', () => {
      const html = page(
        [
          '<script src="https://www.clarity.ms/tag/x"></script>', // session recording
          '<script src="https://fpjs.io/agent.js"></script>', // fingerprinting
          '<script src="https://securepubads.g.doubleclick.net/tag/js/gpt.js"></script>', // advertising
          '<script src="https://www.awin1.com/cread.php"></script>', // affiliate
          '<script src="https://platform.twitter.com/widgets.js"></script>', // social
          '<script src="https://cdn.amplitude.com/libs/a.js"></script>', // analytics
          '<script src="https://cdn.segment.com/analytics.js"></script>', // customer data platform
          '<script src="https://js.hs-scripts.com/1.js"></script>', // marketing automation
          '<script src="https://cdn.optimizely.com/js/1.js"></script>', // A/B testing
          '<script src="https://www.googletagmanager.com/gtm.js?id=GTM-1"></script>', // tag manager
          '<script src="https://cdn.cookielaw.org/scripttemplates/otSDKStub.js"></script>', // consent: no finding
        ].join(''),
      );
      const summary = analyze(html).map((f) => [f.group, (f.detail as RiskDetail).type, (f.detail as RiskDetail).risk]);
      expect(summary).toEqual([
        ['metadata', 'tracker_session_recording', 'high'],
        ['metadata', 'tracker_fingerprinting', 'high'],
        ['socialMedia', 'tracker_advertising', 'medium'],
        ['socialMedia', 'tracker_advertising', 'medium'],
        ['socialMedia', 'tracker_social', 'medium'],
        ['metadata', 'tracker_analytics', 'medium'],
        ['metadata', 'tracker_customer_data', 'medium'],
        ['metadata', 'tracker_customer_data', 'medium'],
        ['metadata', 'tracker_ab_testing', 'low'],
        ['metadata', 'tracker_tag_manager', 'low'],
      ]);
    });

    it('has a rule for every category, and a recommendation for every type it reports', () => {
      for (const category of TRACKER_CATEGORIES) expect(category in TRACKER_FINDING_RULES).toBe(true);
      for (const rule of Object.values(TRACKER_FINDING_RULES)) {
        if (!rule) continue;
        expect(FINDING_TYPES).toContain(rule.type);
        expect(FINDING_RECOMMENDATIONS[rule.type].priority).toBe(TRACKER_TYPE_RULES[rule.type].risk);
      }
      expect(FINDING_RECOMMENDATIONS.third_party_unknown.priority).toBe('low');
    });

    it('gives one finding per company and category, with every request as evidence', () => {
      const html = page(
        '<script src="https://www.googletagmanager.com/gtag/js?id=G-1"></script><link rel="preconnect" href="https://www.google-analytics.com">',
        '<img src="https://www.google-analytics.com/collect?v=1" width="1" height="1"><img src="https://www.google-analytics.com/collect?v=1" width="1" height="1">' +
          '<script src="https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js"></script><iframe src="https://googleads.g.doubleclick.net/pagead/ads"></iframe>',
      );
      const found = details(analyze(html));
      expect(found.map((d) => d.value)).toEqual(['Google Analytics', 'Google AdSense (googlesyndication), DoubleClick / Google Ads']);
      // The same request twice is one line.
      expect(found[0].evidence.observed!.split('\n')).toEqual([
        'script src: https://www.googletagmanager.com/gtag/js?id=G-1',
        'preconnect hint: https://www.google-analytics.com/',
        'img src (1×1 pixel): https://www.google-analytics.com/collect?v=1',
      ]);
    });

    it('caps the evidence of a busy tracker and cuts long URLs', () => {
      const images = Array.from({ length: 20 }, (_, i) => `<img src="https://bat.bing.com/action/${i}?${'x'.repeat(300)}">`).join('');
      const [finding] = analyze(page('', images));
      const observed = lines(finding);
      expect(observed).toHaveLength(MAX_EVIDENCE_LINES + 1);
      expect(observed[MAX_EVIDENCE_LINES]).toBe(`… and ${20 - MAX_EVIDENCE_LINES} more`);
      expect(observed[0].length).toBeLessThanOrEqual('img src: '.length + 200);
      expect(observed[0].endsWith('…')).toBe(true);
    });

    it('sums up unknown third parties in one low finding, one line per domain', () => {
      const html = page(
        '<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter"><script src="https://cdnjs.cloudflare.com/ajax/libs/x.js"></script><script src="https://cdn.jsdelivr.net/npm/y"></script>',
        '<img src="https://fonts.gstatic.com/a.woff2"><img src="https://cdnjs.cloudflare.com/other.png">',
      );
      const found = analyze(html);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({
        group: 'metadata',
        detail: { type: 'third_party_unknown', risk: 'low', value: 'fonts.googleapis.com, cloudflare.com, jsdelivr.net, gstatic.com', source: 'Footprint third-party check' },
      });
      expect(found[0].detail.evidence.summary).toMatch(/^This page also loads from 4 third-party domains that Footprint's tracker catalogue does not list/);
      expect(lines(found[0])).toEqual([
        // googleapis.com is a shared-hosting suffix in the Public Suffix List: each subdomain is its own party.
        'fonts.googleapis.com (stylesheet: https://fonts.googleapis.com/css2?family=Inter)',
        'cloudflare.com (script src: https://cdnjs.cloudflare.com/ajax/libs/x.js)',
        'jsdelivr.net (script src: https://cdn.jsdelivr.net/npm/y)',
        'gstatic.com (img src: https://fonts.gstatic.com/a.woff2)',
      ]);
    });

    it('does not count consent managers as unknown third parties', () => {
      expect(analyze(page('<script src="https://consent.cookiebot.com/uc.js"></script>'))).toEqual([]);
    });

    it('reports filter-list domains in one finding naming them', () => {
      const withList = new TrackerCatalogueService(loadConfig({ NODE_ENV: 'test' }));
      Logger.overrideLogger(false);
      withList.useFilterList('||ads.listed.example^\n||px.other-listed.example^');
      const html = page('<script src="https://ads.listed.example/a.js"></script><img src="https://px.other-listed.example/p.gif">');
      const found = analyzeThirdParties({ url: SITE, html }, withList);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({
        group: 'socialMedia',
        detail: { type: 'tracker_filter_list', risk: 'medium', value: 'ads.listed.example, px.other-listed.example', source: 'Tracker filter list (configured)' },
      });
      expect(found[0].detail.evidence.summary).toBe(
        'ads.listed.example, px.other-listed.example: advertising or tracking loaded by this page. The filter list this Footprint instance loads names them as advertising or tracking; who runs them is not known.',
      );
    });

    it('tells the Facebook SDK (social) from the pixel (advertising) on the same host', () => {
      const html = page('<script async src="https://connect.facebook.net/en_US/sdk.js#xfbml=1"></script><script src="https://connect.facebook.net/signals/config/1"></script>');
      const found = details(analyze(html));
      expect(found.map((d) => [d.type, d.value])).toEqual([
        ['tracker_social', 'Facebook'],
        ['tracker_advertising', 'Meta Pixel (Facebook pixel)'],
      ]);
    });
  });

  it('handles a page with 30 third parties: 20 trackers and 10 unknown domains', () => {
    const html = page([...KNOWN_TRACKER_SCRIPTS, ...unknownVendorScripts(10)].map((src) => `<script src="${src}"></script>`).join('\n'));
    const found = details(analyze(html));
    const known = found.filter((d) => d.type !== 'third_party_unknown');
    // Google's tag manager, analytics and advertising are three findings; every other tracker one each.
    expect(known).toHaveLength(20);
    const unknown = found.find((d) => d.type === 'third_party_unknown')!;
    expect(unknown.value.split(', ')).toHaveLength(10);
    expect(unknown.evidence.observed!.split('\n')).toHaveLength(Math.min(10, MAX_UNKNOWN_DOMAINS));
    expect(found.filter((d) => d.type === 'tracker_session_recording').map((d) => d.value)).toEqual(['Hotjar', 'FullStory', 'Microsoft Clarity', 'Mouseflow']);
  });
});
