import type { Provider } from '@nestjs/common';
import type { ClassifiedScanInput } from '../browser-shared/scan-input.rules';
import type { AppConfig } from '../common/config/app-config';
import { APP_CONFIG } from '../common/config/config.module';
import type { CheckContext, CheckOutcome, ScanCheck } from './analysis/analysis.types';
import { analyzeEmailDns, implausibleDnsAnswer } from './analysis/email-dns.analyzer';
import { analyzeEmailProvider } from './analysis/email-provider.analyzer';
import { analyzeGravatar } from './analysis/gravatar.analyzer';
import { analyzeUrlInput } from './analysis/url-input.analyzer';
import { analyzeUsernameFootprint, SOCIAL_MESSAGES } from './analysis/username-footprint.analyzer';
import type { TrackerMatcher } from './analysis/third-party.analyzer';
import { BreachCatalogueService } from './breach-catalogue/breach-catalogue.service';
import { emailBreachesLabel, emailBreachesOutcome, websiteBreachesLabel, websiteBreachesOutcome } from './breaches/breach-checks';
import { BreachLookupService } from './breaches/breach-lookup.service';
import { SCAN_CHECKS } from './scan-pipeline';
import { EmailDnsSource } from './sources/email-dns.source';
import { GravatarSource } from './sources/gravatar.source';
import type { SourceResult } from './sources/source-types';
import { normalizeUsername, USERNAME_MESSAGES, UsernameFootprintSource } from './sources/username-footprint.source';
import { WebsiteSource } from './sources/website.source';
import { BrowserAuditService } from '../browser-audit/browser-audit.service';
import { auditWebsite, BROWSER_TESTS, browserTestOutcome, WEBSITE_AUDIT, WebsiteAudit, websiteOutcome } from './website-audit';
import { TrackerCatalogueService } from './trackers/tracker-catalogue.service';

/** How long before its deadline the username check stops asking and answers with what it has. */
export const USERNAME_ANSWER_MARGIN_MS = 500;

const isEmail = (input: ClassifiedScanInput) => input.kind === 'email';
const isUrl = (input: ClassifiedScanInput) => input.kind === 'url';

/** A source's answer through a pure analyzer; a failed source passes its status on, with no findings. */
function analyzed<T>(result: SourceResult<T>, analyze: (data: T) => CheckOutcome['findings']): CheckOutcome {
  if (result.status !== 'ok') return { status: result.status, message: result.message, retryAfterSeconds: result.retryAfterSeconds, findings: [] };
  return { status: 'ok', findings: analyze(result.data) };
}

/**
 * The username across sites, and what hits' public profiles show. A social input without a handle
 * we can send (a profile URL naming a post, a video, a short link or a numeric ID; a name in
 * characters the sites do not take) is 'Unsupported social media platform' and not applicable:
 * nothing about the person was checked, and the link itself is still checked by 'url-input'.
 * A footprint that could not be taken (no site answered usably, out of time) is 'Failed to analyze
 * social media profile' with the source's status, never a clean result.
 */
export async function usernameOutcome(
  input: ClassifiedScanInput,
  source: Pick<UsernameFootprintSource, 'check'>,
  signal: AbortSignal,
  deadline: number = Number.POSITIVE_INFINITY,
): Promise<CheckOutcome> {
  if (!input.handle) {
    return {
      status: 'not_applicable',
      message: `${SOCIAL_MESSAGES.unsupported}: this link names no account we can look up (it is a post, a video, a short link or a numeric profile ID). Scan the @name or the profile's own address instead.`,
      findings: [],
    };
  }
  if (normalizeUsername(input.handle) === undefined) {
    return { status: 'not_applicable', message: `${SOCIAL_MESSAGES.unsupported}: ${USERNAME_MESSAGES.invalid}`, findings: [] };
  }
  // Answer a little before the pipeline stops the check, so the sites that did answer still count.
  const answerBy = Number.isFinite(deadline) ? deadline - USERNAME_ANSWER_MARGIN_MS : undefined;
  const result = await source.check(input.handle, { signal, ...(answerBy !== undefined ? { answerBy } : {}) });
  if (result.status !== 'ok') {
    return {
      status: result.status,
      message: `${SOCIAL_MESSAGES.failed}: ${result.message}`,
      ...(result.retryAfterSeconds !== undefined ? { retryAfterSeconds: result.retryAfterSeconds } : {}),
      findings: [],
    };
  }
  // No site to ask (an empty configured list and no built-in one) checked nothing: not a clean result.
  if (result.data.checked === 0) {
    const { list } = result.data.lists;
    const why = list && !list.loaded ? ` (the built-in sites are off, and the configured list could not be downloaded yet)` : '';
    return { status: 'not_configured', message: `${SOCIAL_MESSAGES.failed}: no sites are set up to check usernames on${why}.`, findings: [] };
  }
  const analysis = analyzeUsernameFootprint(result.data, {
    handle: input.handle,
    ...(input.platform ? { platform: input.platform, ...(input.url ? { profileUrl: input.url } : {}) } : {}),
  });
  return { status: 'ok', message: analysis.message, findings: analysis.findings, usernameSites: analysis.sites, usernameSiteList: analysis.siteList };
}

/** Every check the pipeline knows, each a source (or none) and its analyzer. */
export function scanChecks(
  breachLookups: BreachLookupService,
  gravatar: GravatarSource,
  dns: EmailDnsSource,
  website: WebsiteSource,
  trackers: TrackerMatcher,
  breachCatalogue: BreachCatalogueService,
  usernames: UsernameFootprintSource,
  config: AppConfig,
  browser: BrowserAuditService,
): ScanCheck[] {
  // The page fetch and the browser visit are done once per scan, whichever check asks first.
  const audit = (input: ClassifiedScanInput, context: CheckContext) =>
    context.shared.once<WebsiteAudit>(WEBSITE_AUDIT, () => auditWebsite(input.url, website, browser, context.scanSignal));
  return [
    {
      id: 'breaches',
      label: emailBreachesLabel(breachLookups.enabledSources()),
      appliesTo: isEmail,
      run: (input, { signal, deadline, viewer }) =>
        emailBreachesOutcome(input.value, breachLookups, breachCatalogue, {
          signal,
          deadline,
          ...(viewer.userId ? { userId: viewer.userId } : {}),
          owner: viewer.userId !== undefined && viewer.verifiedEmail === input.value,
        }),
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
      run: async (input, { signal }) => {
        if (!config.sources.emailDnsEnabled) {
          return { status: 'not_configured', message: 'The email DNS checks are turned off on this server (EMAIL_DNS_ENABLED=false)', findings: [] };
        }
        const records = await dns.lookup(input.domain ?? '', signal);
        const implausible = records.status === 'ok' ? implausibleDnsAnswer(records.data) : undefined;
        return implausible ? { status: 'unavailable', message: implausible, findings: [] } : analyzed(records, analyzeEmailDns);
      },
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
      budget: 'browser',
      run: async (input, context) => websiteOutcome(await audit(input, context), trackers, new Date()),
    },
    ...BROWSER_TESTS.map(
      (test): ScanCheck => ({
        id: test.id,
        label: test.label,
        appliesTo: isUrl,
        budget: 'browser',
        run: async (input, context) => browserTestOutcome(test, await audit(input, context), trackers),
      }),
    ),
    {
      id: 'website-breaches',
      label: websiteBreachesLabel(breachCatalogue.enabledSources()),
      appliesTo: isUrl,
      run: async (input) => websiteBreachesOutcome(input.url, breachCatalogue, breachCatalogue.enabledSources()),
    },
    {
      id: 'username',
      label: 'Username check across sites and public profile exposure',
      appliesTo: (input) => input.kind === 'social',
      // Many small requests, each with its own limit: the check may use the scan's whole budget.
      budget: 'scan',
      run: async (input, { signal, deadline }) => usernameOutcome(input, usernames, signal, deadline),
    },
  ];
}

export const scanChecksProvider: Provider = {
  provide: SCAN_CHECKS,
  inject: [BreachLookupService, GravatarSource, EmailDnsSource, WebsiteSource, TrackerCatalogueService, BreachCatalogueService, UsernameFootprintSource, APP_CONFIG, BrowserAuditService],
  useFactory: scanChecks,
};
