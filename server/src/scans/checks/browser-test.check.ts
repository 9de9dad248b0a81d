import { Injectable } from '@nestjs/common';
import type { PageVisit, RenderedCapture } from '../../browser-audit/capture.types';
import { BrowserAuditService } from '../../browser-audit/browser-audit.service';
import type { ClassifiedScanInput } from '../../browser-shared/scan-input.rules';
import type { BrowserTestId } from '../../vocabulary/check.types';
import type { Finding } from '../../vocabulary/finding.types';
import type { TrackerMatcher } from '../analysis/third-party.analyzer';
import { WebsiteSource } from '../sources/website.source';
import { TrackerCatalogueService } from '../trackers/tracker-catalogue.service';
import { browserTestOutcome, type BrowserTestResult, sharedWebsiteAudit } from './website-audit.runner';
import { type CheckContext, type CheckMeta, type CheckOutcome, isUrlInput, scanCheck } from './scan-check.types';

/**
 * The base of a browser test of the rendered website audit: one check line each, all reading the
 * one audit of the scan (the page fetched and run in Chromium once, whichever check asks first).
 * A test class gives its meta and `analyze`, pure from the capture to findings:
 * `export class MyTestCheck extends browserTestCheck({ id: 'my-test', … }) { analyze(capture) { … } }`.
 * Its id is one of the vocabulary's BROWSER_TEST_IDS (the result's website summary lists the tests).
 */
export function browserTestCheck<const Id extends BrowserTestId>(meta: Omit<CheckMeta<Id>, 'budget'>) {
  @Injectable()
  abstract class BrowserTestCheck extends scanCheck({ ...meta, budget: 'browser' }) {
    constructor(
      readonly website: WebsiteSource,
      readonly browser: BrowserAuditService,
      readonly trackers: TrackerCatalogueService,
    ) {
      super();
    }

    abstract analyze(capture: RenderedCapture, trackers: TrackerMatcher): BrowserTestResult;

    appliesTo(input: ClassifiedScanInput): boolean {
      return isUrlInput(input);
    }

    async run(input: ClassifiedScanInput, context: CheckContext): Promise<CheckOutcome> {
      const audit = await sharedWebsiteAudit(input, context, this.website, this.browser);
      return browserTestOutcome(meta.id, (capture, trackers) => this.analyze(capture, trackers), audit, this.trackers);
    }
  }
  return BrowserTestCheck;
}

export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** The findings' values as the check line, or `none` when there are none. */
export function found(findings: Finding[], none: string): BrowserTestResult {
  const values = findings.map((f) => (f.detail.kind === 'risk' ? f.detail.value : '')).filter(Boolean);
  return { findings, message: findings.length === 0 ? none : values.join('; ') };
}

/** How many canvases the page's frames used. */
export const canvasCount = (visit: PageVisit): number => new Set(visit.frames.flatMap((f) => f.canvas.map((c) => `${f.frame}:${c.canvas}`))).size;
