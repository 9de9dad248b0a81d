import { Injectable } from '@nestjs/common';
import type { ClassifiedScanInput } from '../../browser-shared/scan-input.rules';
import { analyzeEmailProvider } from '../analysis/email-provider.analyzer';
import { CheckOutcome, isEmailInput, scanCheck } from './scan-check.types';

/** Who provides an email address: disposable, free or a custom domain (npm domain lists, no outside call). */
@Injectable()
export class EmailProviderCheck extends scanCheck({
  id: 'email-provider',
  label: 'Email provider',
  noun: 'the email provider check',
  groups: ['metadata'],
}) {
  appliesTo(input: ClassifiedScanInput): boolean {
    return isEmailInput(input);
  }

  async run(input: ClassifiedScanInput): Promise<CheckOutcome> {
    return { status: 'ok', findings: analyzeEmailProvider(input.domain ?? '') };
  }
}
