import { NOW, siteOf, TRUSTED_TLS, unreachable, websiteSnapshot } from '../../../../test/support/website-snapshots';
import type { RiskDetail } from '../../vocabulary/finding.types';
import { analyzeWebsiteTransport } from './website-transport.analyzer';

const details = (snapshot: ReturnType<typeof websiteSnapshot>, now = NOW) => analyzeWebsiteTransport(siteOf(snapshot, now)).map((f) => f.detail as RiskDetail);

describe('analyzeWebsiteTransport', () => {
  it('finds nothing for https with a trusted certificate and an http redirect to it', () => {
    expect(details(websiteSnapshot())).toEqual([]);
  });

  it('reports a site that does not answer over https', () => {
    const snapshot = websiteSnapshot({ url: 'http://shop.example.org/', https: unreachable(), http: { url: 'http://shop.example.org/' } });
    const [finding, ...rest] = details(snapshot);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ type: 'website_no_https', risk: 'high', value: 'No https', evidence: { observed: 'https:// form: https://shop.example.org/' } });
    expect(finding.evidence.summary).toContain('The website could not be reached');
  });

  it('says nothing about https when the attempt only timed out', () => {
    const snapshot = websiteSnapshot({ https: { ok: false, kind: 'timed_out', message: 'The website took too long to answer.' }, http: { url: 'http://shop.example.org/' } });
    expect(details(snapshot).map((d) => d.type)).toEqual([]);
  });

  it('reports https that sends visitors back to http', () => {
    const snapshot = websiteSnapshot({ https: { url: 'http://shop.example.org/', route: ['https://shop.example.org/', 'http://shop.example.org/'] }, http: { url: 'http://shop.example.org/' } });
    expect(details(snapshot)[0]).toMatchObject({ type: 'website_no_https', value: 'https redirects to http', evidence: { observed: 'https://shop.example.org/ → http://shop.example.org/' } });
  });

  it('reports plain http that does not redirect, with the route and status', () => {
    const snapshot = websiteSnapshot({ http: { url: 'http://shop.example.org/', status: 200 } });
    expect(details(snapshot)).toEqual([
      expect.objectContaining({ type: 'website_no_https_redirect', risk: 'medium', evidence: expect.objectContaining({ observed: 'http://shop.example.org/ (200)' }) }),
    ]);
  });

  it('reports an untrusted certificate with the reason and the certificate as evidence', () => {
    const tls = { ...TRUSTED_TLS, authorized: false, authorizationError: 'DEPTH_ZERO_SELF_SIGNED_CERT', issuer: 'CN=shop.example.org' };
    const [finding] = details(websiteSnapshot({ https: { tls } }));
    expect(finding).toMatchObject({ type: 'website_certificate_invalid', risk: 'high', value: 'Certificate not trusted (DEPTH_ZERO_SELF_SIGNED_CERT)' });
    expect(finding.evidence.summary).toContain('it is self-signed');
    expect(finding.evidence.observed).toBe(
      'subject: CN=shop.example.org\nissuer: CN=shop.example.org\nvalid from 2026-01-01T00:00:00.000Z until 2026-12-31T00:00:00.000Z\nprotocol: TLSv1.3\ntrusted: no (DEPTH_ZERO_SELF_SIGNED_CERT)',
    );
  });

  it('reports an expired certificate as expired, by date or by the handshake', () => {
    const byCode = details(websiteSnapshot({ https: { tls: { ...TRUSTED_TLS, authorized: false, authorizationError: 'CERT_HAS_EXPIRED', validTo: '2026-02-01T00:00:00.000Z' } } }));
    expect(byCode[0]).toMatchObject({ type: 'website_certificate_expired', value: 'Certificate expired on 2026-02-01' });
    const byDate = details(websiteSnapshot(), new Date('2027-01-05T00:00:00Z'));
    expect(byDate[0]).toMatchObject({ type: 'website_certificate_expired', value: 'Certificate expired on 2026-12-31' });
  });

  it('warns when a trusted certificate expires within 14 days, not before', () => {
    expect(details(websiteSnapshot(), new Date('2026-12-20T00:00:00Z'))[0]).toMatchObject({
      type: 'website_certificate_expiring',
      risk: 'medium',
      value: 'Certificate expires on 2026-12-31',
      evidence: expect.objectContaining({ summary: expect.stringContaining('expires in 11 days') }),
    });
    expect(details(websiteSnapshot(), new Date('2026-12-10T00:00:00Z'))).toEqual([]);
  });

  it('reports content and forms over http on an https page, high for a form', () => {
    const html = `<img src="http://img.other.net/a.png"><script src="http://cdn.other.net/x.js"></script>
      <link rel="stylesheet" href="http://cdn.other.net/s.css"><link rel="canonical" href="http://shop.example.org/">
      <a href="http://elsewhere.example.net/">a plain link is fine</a><img src="https://ok.example.net/b.png">`;
    const [images] = details(websiteSnapshot({ https: { html } }));
    expect(images).toMatchObject({ type: 'website_mixed_content', risk: 'medium', value: '3 insecure resources on an https page' });
    expect(images.evidence.observed).toBe('<img> http://img.other.net/a.png\n<script> http://cdn.other.net/x.js\n<link> http://cdn.other.net/s.css');
    const [form] = details(websiteSnapshot({ https: { html: '<form action="http://collect.other.net/post" method="post"><input name="email"></form>' } }));
    expect(form).toMatchObject({ type: 'website_mixed_content', risk: 'high' });
    expect(form.evidence.summary).toContain('a form');
  });

  it('does not call http content mixed on an http page', () => {
    const snapshot = websiteSnapshot({ url: 'http://shop.example.org/', https: unreachable(), http: { url: 'http://shop.example.org/', html: '<img src="http://img.other.net/a.png">' } });
    expect(details(snapshot).map((d) => d.type)).toEqual(['website_no_https']);
  });
});
