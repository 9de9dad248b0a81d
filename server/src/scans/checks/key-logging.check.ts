import { Injectable } from '@nestjs/common';
import type { RenderedCapture } from '../../browser-audit/capture.types';
import { analyzeKeyLogging } from '../analysis/rendered/key-logging.analyzer';
import type { BrowserTestResult } from './website-audit.runner';
import { browserTestCheck, found, plural } from './browser-test.check';

/** Text typed into the page's fields sent to a third party before anything is submitted. */
@Injectable()
export class KeyLoggingCheck extends browserTestCheck({
  id: 'key-logging',
  label: 'Typed text sent before submitting (key logging)',
  noun: 'the key logging test',
  groups: ['personalInfo'],
}) {
  analyze({ plain }: RenderedCapture): BrowserTestResult {
    const findings = analyzeKeyLogging(plain);
    if (findings.length > 0) return found(findings, '');
    // "Nothing was sent" only after the typing was done: a visit that ran out of time says so.
    if (plain.typing === 'no time' || (plain.typing === 'cut' && plain.typed.length === 0)) {
      return { findings, message: "Not run: the visit ran out of time before it could type into the page's fields.", incomplete: 'timed_out' };
    }
    if (plain.typed.length === 0) return { findings, message: 'The page has no text, email, search or password field to type into' };
    const kinds = [...new Set(plain.typed.map((t) => t.kind))].join(', ');
    const message = `Typed test values into ${plural(plain.typed.length, 'field')} (${kinds}) without submitting: none was sent to a third party`;
    if (plain.typing === 'cut') return { findings, message: `${message}. Partial: the visit ran out of time before it typed into every field in full.`, incomplete: 'partial' };
    return { findings, message };
  }
}
