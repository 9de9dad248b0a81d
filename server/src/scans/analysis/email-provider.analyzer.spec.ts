import type { RiskDetail } from '../../vocabulary/finding.types';
import { analyzeEmailProvider, classifyEmailDomain, COMMON_EMAIL_PROVIDERS } from './email-provider.analyzer';

const only = (domain: string) => {
  const findings = analyzeEmailProvider(domain);
  expect(findings).toHaveLength(1);
  expect(findings[0].group).toBe('metadata');
  return findings[0].detail as RiskDetail;
};

describe('the domain lists load (JSON packages under Jest)', () => {
  it('knows well-known disposable and free domains', () => {
    expect(classifyEmailDomain('mailinator.com').kind).toBe('disposable');
    expect(classifyEmailDomain('gmx.de').kind).toBe('free');
  });
});

describe('analyzeEmailProvider', () => {
  it('finds nothing for an empty domain', () => {
    expect(analyzeEmailProvider('')).toEqual([]);
    expect(analyzeEmailProvider('  ')).toEqual([]);
  });

  describe('disposable domains', () => {
    it('reports a listed disposable domain as medium', () => {
      expect(only('mailinator.com')).toMatchObject({
        kind: 'risk',
        type: 'disposable_email_domain',
        risk: 'medium',
        value: 'mailinator.com',
        source: 'Email domain lists',
        evidence: { observed: 'mailinator.com' },
      });
      expect(only('mailinator.com').evidence.summary).toMatch(/disposable/);
    });

    it('reports subdomains of a wildcard entry, naming the entry', () => {
      const detail = only('jane.33mail.com');
      expect(detail).toMatchObject({ type: 'disposable_email_domain', value: 'jane.33mail.com' });
      expect(detail.evidence.observed).toBe('jane.33mail.com (listed as *.33mail.com)');
    });

    it('does not treat a domain merely ending in a listed name as disposable', () => {
      expect(classifyEmailDomain('not33mail.com').kind).not.toBe('disposable');
    });

    it('prefers disposable over free when a domain is on both lists', () => {
      // mailinator.com is on the free-provider list too
      expect(classifyEmailDomain('mailinator.com')).toEqual({ kind: 'disposable', listEntry: 'mailinator.com' });
    });
  });

  describe("the spec's common providers", () => {
    it.each([
      ['gmail.com', 'Gmail'],
      ['googlemail.com', 'Gmail'],
      ['yahoo.com', 'Yahoo Mail'],
      ['yahoo.co.uk', 'Yahoo Mail'],
      ['ymail.com', 'Yahoo Mail'],
      ['outlook.com', 'Outlook.com'],
      ['hotmail.com', 'Outlook.com'],
      ['live.com', 'Outlook.com'],
      ['icloud.com', 'iCloud'],
      ['me.com', 'iCloud'],
      ['mac.com', 'iCloud'],
      ['aol.com', 'AOL'],
      ['protonmail.com', 'Proton Mail'],
      ['proton.me', 'Proton Mail'],
      ['pm.me', 'Proton Mail'],
      ['tutanota.com', 'Tuta'],
      ['tuta.io', 'Tuta'],
      ['keemail.me', 'Tuta'],
    ])('%s is %s, a phishing target (low)', (domain, provider) => {
      const detail = only(domain);
      expect(detail).toMatchObject({ type: 'free_email_provider', risk: 'low', value: domain, evidence: { observed: `${domain}: ${provider}` } });
      expect(detail.evidence.summary).toMatch(/phishing/);
    });

    it.each([
      ['hotmail.it', 'Outlook.com'],
      ['yahoo.com.br', 'Yahoo Mail'],
      ['outlook.jp', 'Outlook.com'],
      ['live.fr', 'Outlook.com'],
    ])('recognises the listed country variant %s as %s', (domain, provider) => {
      expect(classifyEmailDomain(domain)).toEqual({ kind: 'common', provider });
    });

    it('does not take typos or look-alikes on the list for the provider', () => {
      expect(classifyEmailDomain('hotmail.con')).toEqual({ kind: 'free' });
      expect(classifyEmailDomain('gmail.co.uk')).toEqual({ kind: 'free' });
    });

    it('lists only lower-case domains, each under one provider', () => {
      const all = Object.values(COMMON_EMAIL_PROVIDERS).flat();
      expect(new Set(all).size).toBe(all.length);
      for (const domain of all) expect(domain).toBe(domain.toLowerCase());
    });
  });

  describe('other free providers and custom domains', () => {
    it('reports another free provider as low, without claiming it is a common one', () => {
      const detail = only('gmx.de');
      expect(detail).toMatchObject({ type: 'free_email_provider', risk: 'low', evidence: { observed: 'gmx.de: listed as a free email provider' } });
    });

    it('gives any other domain the business-email risks', () => {
      const detail = only('acme-widgets.io');
      expect(detail).toMatchObject({ type: 'custom_email_domain', risk: 'low', value: 'acme-widgets.io' });
      expect(detail.evidence.summary).toMatch(/spear-phishing/);
      expect(detail.evidence.summary).toMatch(/colleagues/);
    });

    it.each(['example.com', 'example.org', 'mail.example', 'host.test'])('treats the reserved name %s as a custom domain, not a provider', (domain) => {
      expect(only(domain).type).toBe('custom_email_domain');
    });
  });

  it('normalizes case, spaces and a trailing dot', () => {
    expect(only(' GMail.COM. ')).toMatchObject({ type: 'free_email_provider', value: 'gmail.com' });
  });
});
