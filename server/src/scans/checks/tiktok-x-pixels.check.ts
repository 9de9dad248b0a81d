import { Injectable } from '@nestjs/common';
import type { RenderedCapture } from '../../browser-audit/capture.types';
import { analyzeTikTokAndXPixels } from '../analysis/rendered/ad-pixels.analyzer';
import type { BrowserTestResult } from './website-audit.runner';
import { browserTestCheck, found } from './browser-test.check';

/** TikTok and X (Twitter) pixel events, with any hashed contact details they carry. */
@Injectable()
export class TikTokXPixelsCheck extends browserTestCheck({
  id: 'tiktok-x-pixels',
  label: 'TikTok and X (Twitter) pixels',
  noun: 'the TikTok and X pixel test',
  groups: ['personalInfo', 'socialMedia'],
}) {
  analyze({ plain }: RenderedCapture): BrowserTestResult {
    return found(analyzeTikTokAndXPixels(plain), 'No TikTok or X pixel events');
  }
}
