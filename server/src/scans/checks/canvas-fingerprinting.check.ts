import { Injectable } from '@nestjs/common';
import type { RenderedCapture } from '../../browser-audit/capture.types';
import { analyzeCanvasFingerprinting } from '../analysis/rendered/canvas-fingerprinting.analyzer';
import type { BrowserTestResult } from './website-audit.runner';
import { browserTestCheck, canvasCount, found, plural } from './browser-test.check';

/** A canvas drawn and read back as a fingerprint while the page ran. */
@Injectable()
export class CanvasFingerprintingCheck extends browserTestCheck({
  id: 'canvas-fingerprinting',
  label: 'Canvas fingerprinting (the page run in a browser)',
  noun: 'the canvas fingerprinting test',
  groups: ['metadata'],
}) {
  analyze({ plain }: RenderedCapture): BrowserTestResult {
    return found(analyzeCanvasFingerprinting(plain.frames), `No canvas fingerprinting (${plural(canvasCount(plain), 'canvas', 'canvases')} used, none read back as a fingerprint)`);
  }
}
