import { Injectable } from '@nestjs/common';
import type { ClassifiedScanInput } from '../../browser-shared/scan-input.rules';
import { analyzeUrlInput } from '../analysis/url-input.analyzer';
import { CheckOutcome, scanCheck } from './scan-check.types';

/** The link itself: HTTPS, shorteners, tracking parameters (no outside call). */
@Injectable()
export class UrlInputCheck extends scanCheck({
  id: 'url-input',
  label: 'The link itself (HTTPS, shorteners, tracking parameters)',
  noun: 'the URL check',
  groups: ['metadata'],
}) {
  appliesTo(input: ClassifiedScanInput): boolean {
    return input.url !== undefined;
  }

  async run(input: ClassifiedScanInput): Promise<CheckOutcome> {
    return { status: 'ok', findings: analyzeUrlInput(input.url ?? '') };
  }
}
