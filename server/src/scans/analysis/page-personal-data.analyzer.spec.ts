import { siteOf, websiteSnapshot } from '../../../../test/support/website-snapshots';
import type { RiskDetail } from '../../vocabulary/finding.types';
import { parsePage } from './page-document.parser';
import { analyzePagePersonalData, countryOfHost, MAX_PERSONAL_DATA_FINDINGS } from './page-personal-data.analyzer';

const analyze = (html: string, url = 'https://shop.example.org/') =>
  analyzePagePersonalData(siteOf(websiteSnapshot({ url, https: { url, html } }))).map((f) => ({ group: f.group, ...(f.detail as RiskDetail) }));

describe('parsePage', () => {
  it('collects elements, visible text (no script, style or head), meta values and JSON-LD', () => {
    const page = parsePage(`<html><head><title>T</title><meta http-equiv="Content-Security-Policy" content="default-src 'self'">
      <meta name="referrer" content="no-referrer"><style>p{}</style></head>
      <body><p>Hello&nbsp;<b>world</b></p><script>var hidden = 1;</script>
      <script type="application/ld+json">{"@type":"Organization"}</script><img src="/a.png"></body></html>`);
    expect(page.text).toBe('Hello world');
    expect(page.metaHttpEquiv.get('content-security-policy')).toEqual(["default-src 'self'"]);
    expect(page.metaHttpEquiv.get('referrer')).toEqual(['no-referrer']);
    expect(page.jsonLd).toEqual(['{"@type":"Organization"}']);
    expect(page.elements.find((e) => e.tag === 'img')?.attrs).toEqual({ src: '/a.png' });
  });

  it('survives malformed HTML', () => {
    const page = parsePage('<div><p>one<p>two</div></span><a href="mailto:x@shop.org">mail<script>');
    expect(page.text).toBe('one\ntwo\nmail');
    expect(page.elements.map((e) => e.tag)).toEqual(['div', 'p', 'p', 'a', 'script']);
  });

  it('finds postal addresses in JSON-LD, microdata, microformats and <address>, without duplicates', () => {
    const page = parsePage(`
      <script type="application/ld+json">{"@context":"https://schema.org","@type":"LocalBusiness","address":{"@type":"PostalAddress",
        "streetAddress":"12 Harbour Street","postalCode":"AB1 2CD","addressLocality":"Portsmouth","addressCountry":{"@type":"Country","name":"UK"}}}</script>
      <div itemscope itemtype="https://schema.org/PostalAddress"><span itemprop="streetAddress">Rua das Flores 7</span>,
        <span itemprop="postalCode">1200-195</span> <span itemprop="addressLocality">Lisboa</span><meta itemprop="addressCountry" content="PT"></div>
      <p class="h-adr"><span class="p-street-address">5 Elm Road</span> <span class="p-locality">Leeds</span></p>
      <address>Jane Doe<br>221B Baker Street<br>London NW1 6XE</address>
      <address><a href="mailto:a@b.org">Write to us</a></address>
      <div itemscope itemtype="https://schema.org/PostalAddress"><span itemprop="streetAddress">Rua das Flores 7</span> <span itemprop="postalCode">1200-195</span>
      <span itemprop="addressLocality">Lisboa</span><meta itemprop="addressCountry" content="PT"></div>`);
    expect(page.addresses).toEqual([
      { via: 'schema.org PostalAddress (microdata)', text: 'Rua das Flores 7, 1200-195, Lisboa, PT' },
      { via: 'microformats address (adr)', text: '5 Elm Road, Leeds' },
      { via: '<address> element', text: 'Jane Doe, 221B Baker Street, London NW1 6XE' },
      { via: 'schema.org PostalAddress (JSON-LD)', text: '12 Harbour Street, AB1 2CD, Portsmouth, UK' },
    ]);
  });
});

describe('analyzePagePersonalData', () => {
  it('finds nothing on a page without personal data', () => {
    expect(analyze('<h1>Shop</h1><p>Order 12345678 ships in 2-3 days. Version 1.2.3.4. Call us maybe.</p>')).toEqual([]);
  });

  it('reports email addresses from the text and mailto: links once each, role mailboxes low', () => {
    const found = analyze(`<p>Write to Jane.Doe@Acme-Widgets.com or info@acme-widgets.com.</p>
      <a href="mailto:jane.doe@acme-widgets.com?subject=Hi">Jane</a><a href="mailto:sales%40acme-widgets.com">Sales</a>
      <img src="logo@2x.png" alt="logo@2x.png"><p>you@example.com is just an example</p>`);
    expect(found.map((f) => [f.type, f.value, f.risk, f.group])).toEqual([
      ['page_email_address', 'jane.doe@acme-widgets.com', 'medium', 'personalInfo'],
      ['page_email_address', 'sales@acme-widgets.com', 'low', 'personalInfo'],
      ['page_email_address', 'info@acme-widgets.com', 'low', 'personalInfo'],
    ]);
    expect(found[0].evidence).toEqual({
      summary: expect.stringContaining("in a mailto: link, which looks like a person's own mailbox"),
      observed: 'jane.doe@acme-widgets.com',
    });
    expect(found[2].evidence.summary).toContain('in the page text');
  });

  it('reports valid phone numbers from tel: links and text, in international form, once each', () => {
    const found = analyze(`<a href="tel:+44-20-7946-0958">Call</a><p>Phone: +44 20 7946 0958 · Mobile +351 912 345 678 · Fax +1 000 000 0000</p>`);
    expect(found.map((f) => [f.type, f.value, f.risk, f.evidence.observed])).toEqual([
      ['page_phone_number', '+44 20 7946 0958', 'medium', '+44-20-7946-0958'],
      ['page_phone_number', '+351 912 345 678', 'medium', '+351 912 345 678'],
    ]);
  });

  it('reads national numbers by the site’s country-code domain, but only when written like phone numbers', () => {
    const text = '<p>Ruf uns an: 030 901820. Bestellnummer 12345678.</p>';
    expect(analyze(text, 'https://laden.example.de/').map((f) => f.value)).toEqual(['+49 30 901820']);
    expect(analyze(text, 'https://shop.example.com/')).toEqual([]);
  });

  it('reports marked-up postal addresses as location data', () => {
    const [found] = analyze('<address>Studio 4, 18 Canal Walk, Manchester M1 3AB</address>');
    expect(found).toMatchObject({ group: 'locationData', type: 'page_postal_address', risk: 'medium', value: 'Studio 4, 18 Canal Walk, Manchester M1 3AB' });
    expect(found.evidence.summary).toContain('<address> element');
  });

  it(`reports at most ${MAX_PERSONAL_DATA_FINDINGS} of a kind and says how many more`, () => {
    const html = Array.from({ length: 14 }, (_, i) => `<p>person${i}@acme-widgets.com</p>`).join('');
    const found = analyze(html);
    expect(found).toHaveLength(MAX_PERSONAL_DATA_FINDINGS);
    expect(found[MAX_PERSONAL_DATA_FINDINGS - 1].evidence.summary).toContain('(the page shows 4 more email addresses, not listed)');
  });

  it.each([
    ['shop.example.de', 'DE'],
    ['www.example.co.uk', 'GB'],
    ['example.com', undefined],
    ['example.eu', undefined],
    ['127.0.0.1', undefined],
  ])('country of %s is %s', (host, country) => {
    expect(countryOfHost(host)).toBe(country);
  });
});
