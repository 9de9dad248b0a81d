import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { BrowserAuditService } from '../../browser-audit/browser-audit.service';
import { APP_CONFIG } from '../../common/config/config.module';
import { BROWSER_TEST_IDS } from '../../vocabulary/check.types';
import { FINDING_GROUPS } from '../../vocabulary/finding.types';
import { BreachCatalogueService } from '../breach-catalogue/breach-catalogue.service';
import { BreachLookupService } from '../breaches/breach-lookup.service';
import { EmailDnsSource } from '../sources/email-dns.source';
import { GravatarSource } from '../sources/gravatar.source';
import { UsernameFootprintSource } from '../username/username-footprint.source';
import { WebsiteSource } from '../sources/website.source';
import { TrackerCatalogueService } from '../trackers/tracker-catalogue.service';
import type { ScanCheck } from './scan-check.types';
import { CHECK_IDS, checkMetaOf, SCAN_CHECK_TYPES, SCAN_CHECKS, scanCheckProviders } from './scan-checks.registry';

describe('the scan check registry', () => {
  it('gives every check a unique id, a label, a noun and at least one group', () => {
    expect(new Set(CHECK_IDS).size).toBe(SCAN_CHECK_TYPES.length);
    for (const id of CHECK_IDS) {
      const meta = checkMetaOf(id);
      expect(meta.id).toBe(id);
      expect(meta.label.length).toBeGreaterThan(3);
      expect(meta.noun).toMatch(/^the /);
      expect(meta.groups.length).toBeGreaterThan(0);
      for (const group of meta.groups) expect(FINDING_GROUPS).toContain(group);
    }
    expect(() => checkMetaOf('nope' as never)).toThrow('no check nope');
  });

  it("registers every browser test of the vocabulary, in its order, on the browser's budget", () => {
    const browserChecks = CHECK_IDS.filter((id) => checkMetaOf(id).budget === 'browser');
    expect(browserChecks).toEqual(['website', ...BROWSER_TEST_IDS]);
  });

  it('builds each registered check through Nest with its sources injected, in registry order', async () => {
    // The sources the checks use, as placeholders: this is about wiring, not about what they answer.
    const sources = [BreachLookupService, GravatarSource, EmailDnsSource, WebsiteSource, BrowserAuditService, TrackerCatalogueService, BreachCatalogueService, UsernameFootprintSource];
    const config = { provide: APP_CONFIG, useValue: { source: 'APP_CONFIG' } };
    @Module({ providers: [...sources.map((source) => ({ provide: source, useValue: { source: source.name } })), config, ...scanCheckProviders] })
    class ChecksOnly {}
    const app = await NestFactory.createApplicationContext(ChecksOnly, { logger: false });
    try {
      const checks = app.get<ScanCheck[]>(SCAN_CHECKS);
      expect(checks.map((check) => check.meta.id)).toEqual(CHECK_IDS);
      checks.forEach((check, i) => expect(check).toBeInstanceOf(SCAN_CHECK_TYPES[i]));
      // The breaches check got the breach lookups, the email DNS check the configuration (its switch),
      // the website check and each browser test the website source, the audit browser and the tracker catalogue.
      const byId = (id: string) => checks.find((check) => check.meta.id === id);
      expect(byId('breaches')).toMatchObject({ lookups: { source: 'BreachLookupService' }, catalogue: { source: 'BreachCatalogueService' } });
      expect(byId('email-dns')).toMatchObject({ dns: { source: 'EmailDnsSource' }, config: { source: 'APP_CONFIG' } });
      const audit = { website: { source: 'WebsiteSource' }, browser: { source: 'BrowserAuditService' }, trackers: { source: 'TrackerCatalogueService' } };
      for (const id of ['website', ...BROWSER_TEST_IDS]) expect(byId(id)).toMatchObject(audit);
    } finally {
      await app.close();
    }
  });
});
