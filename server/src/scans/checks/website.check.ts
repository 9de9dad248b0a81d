import { Injectable } from '@nestjs/common';
import { BrowserAuditService } from '../../browser-audit/browser-audit.service';
import type { ClassifiedScanInput } from '../../browser-shared/scan-input.rules';
import { WebsiteSource } from '../sources/website.source';
import { TrackerCatalogueService } from '../trackers/tracker-catalogue.service';
import { sharedWebsiteAudit, websiteOutcome } from './website-audit.runner';
import { CheckContext, CheckOutcome, isUrlInput, scanCheck } from './scan-check.types';

/**
 * The website privacy check: the site's https:// and http:// forms fetched through the SSRF guard
 * while the audit browser runs the page (the scan's one audit, shared with the browser tests),
 * then HTTPS, headers, cookies, third parties and personal data on the page. Ok when the page ran
 * in the browser; 'partial' when only its HTML and headers could be read.
 */
@Injectable()
export class WebsiteCheck extends scanCheck({
  id: 'website',
  label: 'Website privacy check (HTTPS, security headers, cookies, trackers, personal data on the page)',
  noun: 'the website check',
  // Personal data on the page and tracking cookies (personalInfo), postal addresses on the page
  // (locationData), transport, headers, technical cookie flags and measurement trackers (metadata),
  // advertising and social trackers (socialMedia).
  groups: ['personalInfo', 'locationData', 'metadata', 'socialMedia'],
  budget: 'browser',
}) {
  constructor(
    private readonly website: WebsiteSource,
    private readonly browser: BrowserAuditService,
    private readonly trackers: TrackerCatalogueService,
  ) {
    super();
  }

  appliesTo(input: ClassifiedScanInput): boolean {
    return isUrlInput(input);
  }

  async run(input: ClassifiedScanInput, context: CheckContext): Promise<CheckOutcome> {
    return websiteOutcome(await sharedWebsiteAudit(input, context, this.website, this.browser), this.trackers, new Date());
  }
}
