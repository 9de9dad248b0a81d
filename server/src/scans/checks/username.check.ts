import { Injectable } from '@nestjs/common';
import type { ClassifiedScanInput } from '../../browser-shared/scan-input.rules';
import { analyzeUsernameFootprint, SOCIAL_MESSAGES } from '../analysis/username-footprint.analyzer';
import { normalizeUsername, USERNAME_MESSAGES, UsernameFootprintSource } from '../username/username-footprint.source';
import { answerCoverage } from './answer-coverage.rules';
import { CheckContext, CheckOutcome, scanCheck } from './scan-check.types';

/** How long before its deadline the username check stops asking and answers with what it has. */
export const USERNAME_ANSWER_MARGIN_MS = 500;

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
  // A site answered usably when it said found or not found (counted by site, not by account); the
  // pipeline turns too few into 'partial'.
  const answered = result.data.sites.filter((site) => site.outcome !== 'unknown').length;
  return {
    status: 'ok',
    message: analysis.message,
    findings: analysis.findings,
    usernameSites: analysis.sites,
    usernameSiteList: analysis.siteList,
    answers: answerCoverage(answered, result.data.checked),
  };
}

/** The username across the site list, and what found profiles show. */
@Injectable()
export class UsernameCheck extends scanCheck({
  id: 'username',
  label: 'Username check across sites and public profile exposure',
  noun: 'the username check',
  // Each site the name is taken on and the platform's risks (socialMedia); what hits' public
  // profiles show: contact details, employer and links (personalInfo), places (locationData).
  groups: ['personalInfo', 'locationData', 'socialMedia'],
  // Many small requests, each with its own limit: the check may use the scan's whole budget.
  budget: 'scan',
}) {
  constructor(private readonly usernames: UsernameFootprintSource) {
    super();
  }

  appliesTo(input: ClassifiedScanInput): boolean {
    return input.kind === 'social';
  }

  run(input: ClassifiedScanInput, { signal, deadline }: CheckContext): Promise<CheckOutcome> {
    return usernameOutcome(input, this.usernames, signal, deadline);
  }
}
