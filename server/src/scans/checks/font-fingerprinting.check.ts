import { Injectable } from '@nestjs/common';
import type { RenderedCapture } from '../../browser-audit/capture.types';
import { analyzeFontFingerprinting } from '../analysis/rendered/font-fingerprinting.analyzer';
import type { BrowserTestResult } from './website-audit.runner';
import { browserTestCheck, found } from './browser-test.check';

/** Fonts probed with measureText, to tell devices apart. */
@Injectable()
export class FontFingerprintingCheck extends browserTestCheck({
  id: 'font-fingerprinting',
  label: 'Canvas font fingerprinting (fonts probed with measureText)',
  noun: 'the font fingerprinting test',
  groups: ['metadata'],
}) {
  analyze({ plain }: RenderedCapture): BrowserTestResult {
    return found(analyzeFontFingerprinting(plain.frames), 'No font probing: no script measured text across dozens of fonts');
  }
}
