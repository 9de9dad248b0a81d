import { Injectable } from '@nestjs/common';
import type { ClassifiedScanInput } from '../../browser-shared/scan-input.rules';
import { analyzeGravatar } from '../analysis/gravatar.analyzer';
import { GravatarSource } from '../sources/gravatar.source';
import { analyzed, CheckContext, CheckOutcome, isEmailInput, scanCheck } from './scan-check.types';

/** What the public Gravatar profile of an email address shows (by the address's SHA-256). */
@Injectable()
export class GravatarCheck extends scanCheck({
  id: 'gravatar',
  label: 'Public Gravatar profile',
  noun: 'the Gravatar profile lookup',
  groups: ['personalInfo', 'locationData', 'socialMedia'],
}) {
  constructor(private readonly gravatar: GravatarSource) {
    super();
  }

  appliesTo(input: ClassifiedScanInput): boolean {
    return isEmailInput(input);
  }

  async run(input: ClassifiedScanInput, { signal }: CheckContext): Promise<CheckOutcome> {
    return analyzed(await this.gravatar.profile(input.value, signal), analyzeGravatar);
  }
}
