import { Injectable } from '@nestjs/common';
import type { RenderedCapture } from '../../browser-audit/capture.types';
import { analyzeSessionRecording } from '../analysis/rendered/session-recording.analyzer';
import type { TrackerMatcher } from '../analysis/third-party.analyzer';
import type { BrowserTestResult } from './website-audit.runner';
import { browserTestCheck, found, plural } from './browser-test.check';

/** Session recording services the page loaded (they can replay a visit). */
@Injectable()
export class SessionRecordingCheck extends browserTestCheck({
  id: 'session-recording',
  label: 'Session recording services',
  noun: 'the session recording test',
  groups: ['metadata'],
}) {
  analyze({ plain }: RenderedCapture, trackers: TrackerMatcher): BrowserTestResult {
    return found(analyzeSessionRecording(plain, trackers), `No session recorder among ${plural(plain.requests.length, 'request')}`);
  }
}
