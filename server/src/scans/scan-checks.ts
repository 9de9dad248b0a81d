import type { Provider } from '@nestjs/common';
import type { ClassifiedScanInput } from '../shared/scan-input.rules';
import type { CheckOutcome, ScanCheck } from './analysis/analysis.types';
import { analyzeEmailBreaches } from './analysis/email-breaches.analyzer';
import { analyzeEmailDns } from './analysis/email-dns.analyzer';
import { analyzeEmailProvider } from './analysis/email-provider.analyzer';
import { analyzeGravatar } from './analysis/gravatar.analyzer';
import { analyzeUrlInput } from './analysis/url-input.analyzer';
import { SCAN_CHECKS } from './scan-pipeline';
import { EmailDnsSource } from './sources/email-dns.source';
import { GravatarSource } from './sources/gravatar.source';
import { HibpSource } from './sources/hibp.source';
import type { SourceResult } from './sources/source-types';

const isEmail = (input: ClassifiedScanInput) => input.kind === 'email';

/** A source's answer through a pure analyzer; a failed source passes its status on, with no findings. */
function analyzed<T>(result: SourceResult<T>, analyze: (data: T) => CheckOutcome['findings']): CheckOutcome {
  if (result.status !== 'ok') return { status: result.status, message: result.message, retryAfterSeconds: result.retryAfterSeconds, findings: [] };
  return { status: 'ok', findings: analyze(result.data) };
}

/**
 * A check whose analyzer is not on this server yet (the website and username checks arrive with
 * their own issues): it says so, and contributes nothing, rather than guessing.
 */
function notYetAvailable(id: 'website' | 'username', label: string, appliesTo: ScanCheck['appliesTo']): ScanCheck {
  return {
    id,
    label,
    appliesTo,
    run: async () => ({ status: 'unavailable', message: `${label} is not available on this server yet.`, findings: [] }),
  };
}

/** Every check the pipeline knows, each a source (or none) and its analyzer. */
export function scanChecks(hibp: HibpSource, gravatar: GravatarSource, dns: EmailDnsSource): ScanCheck[] {
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
    notYetAvailable('website', 'Website privacy check (trackers, cookies, security headers)', (input) => input.kind === 'url'),
    notYetAvailable('username', 'Username check across sites and profile exposure', (input) => input.kind === 'social'),
  ];
}

export const scanChecksProvider: Provider = {
  provide: SCAN_CHECKS,
  inject: [HibpSource, GravatarSource, EmailDnsSource],
  useFactory: scanChecks,
};
