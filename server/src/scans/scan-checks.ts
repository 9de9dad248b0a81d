import type { Provider } from '@nestjs/common';
import { isIP } from 'node:net';
import type { ClassifiedScanInput } from '../shared/scan-input.rules';
import type { CheckOutcome, ScanCheck } from './analysis/analysis.types';
import { analyzeEmailBreaches } from './analysis/email-breaches.analyzer';
import { analyzeEmailDns } from './analysis/email-dns.analyzer';
import { analyzeEmailProvider } from './analysis/email-provider.analyzer';
import { analyzeGravatar } from './analysis/gravatar.analyzer';
import { analyzeUrlInput } from './analysis/url-input.analyzer';
import type { TrackerMatcher } from './analysis/third-party.analyzer';
import { analyzeWebsite } from './analysis/website.analyzer';
import { analyzeWebsiteBreaches } from './analysis/website-breaches.analyzer';
import { BreachCatalogueService } from './breach-catalogue/breach-catalogue.service';
import { SCAN_CHECKS } from './scan-pipeline';
import { EmailDnsSource } from './sources/email-dns.source';
import { GravatarSource } from './sources/gravatar.source';
import { HibpSource } from './sources/hibp.source';
import type { SourceResult } from './sources/source-types';
import { WEBSITE_MESSAGES, WebsiteResult, WebsiteSource } from './sources/website.source';
import { TrackerCatalogueService } from './trackers/tracker-catalogue.service';

const isEmail = (input: ClassifiedScanInput) => input.kind === 'email';
const isUrl = (input: ClassifiedScanInput) => input.kind === 'url';

/** A source's answer through a pure analyzer; a failed source passes its status on, with no findings. */
function analyzed<T>(result: SourceResult<T>, analyze: (data: T) => CheckOutcome['findings']): CheckOutcome {
  if (result.status !== 'ok') return { status: result.status, message: result.message, retryAfterSeconds: result.retryAfterSeconds, findings: [] };
  return { status: 'ok', findings: analyze(result.data) };
}

/** The fetched site through the website analyzers; a site that could not be fetched passes its status on. */
export function websiteOutcome(result: WebsiteResult, trackers: TrackerMatcher, now: Date): CheckOutcome {
  if (result.status !== 'ok') return { status: result.status, message: result.message, findings: [] };
  const analysis = analyzeWebsite(result.data, trackers, now);
  if (!analysis) return { status: 'unavailable', message: WEBSITE_MESSAGES.failed, findings: [] };
  return { status: 'ok', message: analysis.message, findings: analysis.findings };
}

/** Known breaches of the site's domain, from the stored HIBP catalogue (never fetched per scan). */
export async function websiteBreachesOutcome(url: string | undefined, catalogue: Pick<BreachCatalogueService, 'state' | 'findByDomain'>): Promise<CheckOutcome> {
  let host: string;
  try {
    host = new URL(url ?? '').hostname;
  } catch {
    return { status: 'not_applicable', message: url ? WEBSITE_MESSAGES.invalidUrl : WEBSITE_MESSAGES.noUrl, findings: [] };
  }
  // An IP address is no domain: HIBP's catalogue lists breaches by domain only.
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) return { status: 'ok', findings: [] };
  const state = await catalogue.state();
  if (!state.refreshedAt) {
    return { status: 'unavailable', message: "Have I Been Pwned's breach catalogue has not been loaded on this server yet.", findings: [] };
  }
  return { status: 'ok', findings: analyzeWebsiteBreaches(await catalogue.findByDomain(host)) };
}

/**
 * A check whose analyzer is not on this server yet (the username check arrives with its own
 * issue): it says so, and contributes nothing, rather than guessing.
 */
function notYetAvailable(id: 'username', label: string, appliesTo: ScanCheck['appliesTo']): ScanCheck {
  return {
    id,
    label,
    appliesTo,
    run: async () => ({ status: 'unavailable', message: `${label} is not available on this server yet.`, findings: [] }),
  };
}

/** Every check the pipeline knows, each a source (or none) and its analyzer. */
export function scanChecks(
  hibp: HibpSource,
  gravatar: GravatarSource,
  dns: EmailDnsSource,
  website: WebsiteSource,
  trackers: TrackerMatcher,
  breachCatalogue: BreachCatalogueService,
): ScanCheck[] {
  return [
    {
      id: 'breaches',
      label: 'Data breaches (Have I Been Pwned)',
      appliesTo: isEmail,
      run: async (input, { signal }) => analyzed(await hibp.breachedAccount(input.value, signal), analyzeEmailBreaches),
    },
    {
      id: 'gravatar',
      label: 'Public Gravatar profile',
      appliesTo: isEmail,
      run: async (input, { signal }) => analyzed(await gravatar.profile(input.value, signal), analyzeGravatar),
    },
    {
      id: 'email-dns',
      label: 'Email domain security (MX, SPF, DMARC)',
      appliesTo: isEmail,
      run: async (input, { signal }) => analyzed(await dns.lookup(input.domain ?? '', signal), analyzeEmailDns),
    },
    {
      id: 'email-provider',
      label: 'Email provider',
      appliesTo: isEmail,
      run: async (input) => ({ status: 'ok', findings: analyzeEmailProvider(input.domain ?? '') }),
    },
    {
      id: 'url-input',
      label: 'The link itself (HTTPS, shorteners, tracking parameters)',
      appliesTo: (input) => input.url !== undefined,
      run: async (input) => ({ status: 'ok', findings: analyzeUrlInput(input.url ?? '') }),
    },
    {
      id: 'website',
      label: 'Website privacy check (HTTPS, security headers, cookies, trackers, personal data on the page)',
      appliesTo: isUrl,
      run: async (input, { signal }) => websiteOutcome(await website.fetchSite(input.url, signal), trackers, new Date()),
    },
    {
      id: 'website-breaches',
      label: "Known breaches of this site (Have I Been Pwned's breach catalogue)",
      appliesTo: isUrl,
      run: async (input) => websiteBreachesOutcome(input.url, breachCatalogue),
    },
    notYetAvailable('username', 'Username check across sites and profile exposure', (input) => input.kind === 'social'),
  ];
}

export const scanChecksProvider: Provider = {
  provide: SCAN_CHECKS,
  inject: [HibpSource, GravatarSource, EmailDnsSource, WebsiteSource, TrackerCatalogueService, BreachCatalogueService],
  useFactory: scanChecks,
};
