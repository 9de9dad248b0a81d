import { Injectable } from '@nestjs/common';
import type { RenderedCapture } from '../../browser-audit/capture.types';
import { analyzeGlobalPrivacyControl } from '../analysis/rendered/global-privacy-control.analyzer';
import type { TrackerMatcher } from '../analysis/third-party.analyzer';
import type { BrowserTestResult } from './website-audit.runner';
import { browserTestCheck } from './browser-test.check';

/** A second visit sending Global Privacy Control: what still loads, sets cookies or sends pixels with it. */
@Injectable()
export class GlobalPrivacyControlCheck extends browserTestCheck({
  id: 'global-privacy-control',
  label: 'Global Privacy Control (a second visit saying "do not sell or share")',
  noun: 'the Global Privacy Control test',
  groups: ['socialMedia'],
}) {
  analyze({ plain, gpc }: RenderedCapture, trackers: TrackerMatcher): BrowserTestResult {
    // Without the second visit the shared outcome already says it timed out (website-audit.runner.ts).
    if (!gpc) return { findings: [], message: '' };
    const result = analyzeGlobalPrivacyControl(plain, gpc, trackers);
    return { findings: result.findings, message: result.message, gpc: result.summary };
  }
}
