import { Injectable } from '@nestjs/common';
import type { RenderedCapture } from '../../browser-audit/capture.types';
import { analyzeRemarketing } from '../analysis/rendered/ad-pixels.analyzer';
import type { BrowserTestResult } from './website-audit.runner';
import { browserTestCheck, found } from './browser-test.check';

/** Visitors added to Google Analytics remarketing audiences. */
@Injectable()
export class RemarketingAudiencesCheck extends browserTestCheck({
  id: 'remarketing-audiences',
  label: 'Google Analytics remarketing audiences',
  noun: 'the Google remarketing test',
  groups: ['socialMedia'],
}) {
  analyze({ plain }: RenderedCapture): BrowserTestResult {
    return found(analyzeRemarketing(plain), 'Visitors are not added to Google remarketing audiences');
  }
}
