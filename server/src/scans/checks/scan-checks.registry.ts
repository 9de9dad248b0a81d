import type { Provider } from '@nestjs/common';
import type { CheckMeta } from './scan-check.types';
import { BreachesCheck } from './breaches.check';
import { CanvasFingerprintingCheck } from './canvas-fingerprinting.check';
import { EmailDnsCheck } from './email-dns.check';
import { EmailProviderCheck } from './email-provider.check';
import { FontFingerprintingCheck } from './font-fingerprinting.check';
import { GlobalPrivacyControlCheck } from './global-privacy-control.check';
import { GravatarCheck } from './gravatar.check';
import { KeyLoggingCheck } from './key-logging.check';
import { MetaPixelCheck } from './meta-pixel.check';
import { RemarketingAudiencesCheck } from './remarketing-audiences.check';
import { SessionRecordingCheck } from './session-recording.check';
import { TikTokXPixelsCheck } from './tiktok-x-pixels.check';
import { UrlInputCheck } from './url-input.check';
import { UsernameCheck } from './username.check';
import { WebsiteBreachesCheck } from './website-breaches.check';
import { WebsiteCheck } from './website.check';

/**
 * Every check the pipeline knows, in the order a result lists them. Adding a check is one new
 * file in this folder and one line here (CONTRIBUTING.md walks through an example).
 */
export const SCAN_CHECK_TYPES = [
  BreachesCheck,
  GravatarCheck,
  EmailDnsCheck,
  EmailProviderCheck,
  UrlInputCheck,
  WebsiteCheck,
  // The browser tests of the rendered website audit (the vocabulary's BROWSER_TEST_IDS, in order).
  CanvasFingerprintingCheck,
  FontFingerprintingCheck,
  SessionRecordingCheck,
  KeyLoggingCheck,
  MetaPixelCheck,
  RemarketingAudiencesCheck,
  TikTokXPixelsCheck,
  GlobalPrivacyControlCheck,
  WebsiteBreachesCheck,
  UsernameCheck,
] as const;

/** A registered check. */
export type RegisteredCheck = InstanceType<(typeof SCAN_CHECK_TYPES)[number]>;
/** The id of a registered check ('breaches', 'website', …): the API's enum of check ids. */
export type CheckId = RegisteredCheck['meta']['id'];
export const CHECK_IDS: readonly CheckId[] = SCAN_CHECK_TYPES.map((type) => type.meta.id);

/**
 * The check without which a result says nothing about what was entered: the breaches of an email
 * address, the page fetch of a website (a static fallback, 'partial', still fetched the page), the
 * username footprint of a handle or profile URL. When it did not run the result is incomplete: no
 * score, no "Excellent", never stored as a clean result and never a monitor's starting point.
 */
export const MAIN_CHECKS: Readonly<Record<'email' | 'url' | 'social', CheckId>> = {
  email: 'breaches',
  url: 'website',
  social: 'username',
};

/** What a registered check says about itself, by id. */
export function checkMetaOf(id: CheckId): CheckMeta<CheckId> {
  const type = SCAN_CHECK_TYPES.find((t) => t.meta.id === id);
  if (!type) throw new Error(`no check ${id}`);
  return type.meta;
}

/** The injection token of the registered checks, in registry order. */
export const SCAN_CHECKS = Symbol('SCAN_CHECKS');

/** Each check class, and the list of them the pipeline injects. */
export const scanCheckProviders: Provider[] = [
  ...SCAN_CHECK_TYPES,
  { provide: SCAN_CHECKS, inject: [...SCAN_CHECK_TYPES], useFactory: (...checks: RegisteredCheck[]) => checks },
];
