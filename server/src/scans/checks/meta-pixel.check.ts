import { Injectable } from '@nestjs/common';
import type { RenderedCapture } from '../../browser-audit/capture.types';
import { analyzeMetaPixel } from '../analysis/rendered/ad-pixels.analyzer';
import type { BrowserTestResult } from './website-audit.runner';
import { browserTestCheck, found } from './browser-test.check';

/** Meta pixel events, and hashed contact details sent with them (advanced matching). */
@Injectable()
export class MetaPixelCheck extends browserTestCheck({
  id: 'meta-pixel',
  label: 'Meta (Facebook) pixel events and advanced matching',
  noun: 'the Meta pixel test',
  groups: ['personalInfo', 'socialMedia'],
}) {
  analyze({ plain }: RenderedCapture): BrowserTestResult {
    return found(analyzeMetaPixel(plain), 'No Meta pixel events');
  }
}
