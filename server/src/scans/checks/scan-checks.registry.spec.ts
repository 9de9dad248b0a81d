import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FINDING_GROUPS } from '../../vocabulary/finding.types';
import { BreachCatalogueService } from '../breach-catalogue/breach-catalogue.service';
import { EmailDnsSource } from '../sources/email-dns.source';
import { GravatarSource } from '../sources/gravatar.source';
import { HibpSource } from '../sources/hibp.source';
import { UsernameFootprintSource } from '../sources/username-footprint.source';
import { WebsiteSource } from '../sources/website.source';
import { TrackerCatalogueService } from '../trackers/tracker-catalogue.service';
import type { ScanCheck } from './scan-check';
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

  it('builds each registered check through Nest with its sources injected, in registry order', async () => {
    // The sources the checks use, as placeholders: this is about wiring, not about what they answer.
    const sources = [HibpSource, GravatarSource, EmailDnsSource, WebsiteSource, TrackerCatalogueService, BreachCatalogueService, UsernameFootprintSource];
    @Module({ providers: [...sources.map((source) => ({ provide: source, useValue: { source: source.name } })), ...scanCheckProviders] })
    class ChecksOnly {}
    const app = await NestFactory.createApplicationContext(ChecksOnly, { logger: false });
    try {
      const checks = app.get<ScanCheck[]>(SCAN_CHECKS);
      expect(checks.map((check) => check.meta.id)).toEqual(CHECK_IDS);
      checks.forEach((check, i) => expect(check).toBeInstanceOf(SCAN_CHECK_TYPES[i]));
      // The breaches check got the HIBP source, the website check the website source and the tracker catalogue.
      expect((checks[0] as unknown as { hibp: unknown }).hibp).toEqual({ source: 'HibpSource' });
      expect(checks[5]).toMatchObject({ website: { source: 'WebsiteSource' }, trackers: { source: 'TrackerCatalogueService' } });
    } finally {
      await app.close();
    }
  });
});
