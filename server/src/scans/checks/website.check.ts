import { Injectable } from '@nestjs/common';
import type { ClassifiedScanInput } from '../../browser-shared/scan-input.rules';
import type { TrackerMatcher } from '../analysis/third-party.analyzer';
import { analyzeWebsite } from '../analysis/website.analyzer';
import { WEBSITE_MESSAGES, WebsiteResult, WebsiteSource } from '../sources/website.source';
import { TrackerCatalogueService } from '../trackers/tracker-catalogue.service';
import { CheckContext, CheckOutcome, isUrlInput, scanCheck } from './scan-check';

/** The fetched site through the website analyzers; a site that could not be fetched passes its status on. */
export function websiteOutcome(result: WebsiteResult, trackers: TrackerMatcher, now: Date): CheckOutcome {
  if (result.status !== 'ok') return { status: result.status, message: result.message, findings: [] };
  const analysis = analyzeWebsite(result.data, trackers, now);
  if (!analysis) return { status: 'unavailable', message: WEBSITE_MESSAGES.failed, findings: [] };
  return { status: 'ok', message: analysis.message, findings: analysis.findings };
}

/**
 * The website privacy check: the site's https:// and http:// forms fetched through the SSRF guard,
 * then HTTPS, headers, cookies, third parties and personal data on the page.
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
}) {
  constructor(
    private readonly website: WebsiteSource,
    private readonly trackers: TrackerCatalogueService,
  ) {
    super();
  }

  appliesTo(input: ClassifiedScanInput): boolean {
    return isUrlInput(input);
  }

  async run(input: ClassifiedScanInput, { signal }: CheckContext): Promise<CheckOutcome> {
    return websiteOutcome(await this.website.fetchSite(input.url, signal), this.trackers, new Date());
  }
}
