/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser)
import type { Locator, Page } from 'playwright-core';
import { formatAxe, seriousAxeViolations, TrackedPage } from './browser';

/**
 * Soft assertions for browser tests: each failed check is recorded and the test fails once, at the
 * end, listing every problem, so one run reports everything a page is missing.
 */
export class Checks {
  readonly problems: string[] = [];

  constructor(private readonly label: string) {}

  fail(problem: string) {
    this.problems.push(problem);
  }

  /**
   * Waits for the locator's first match to be visible. Up to 5 s: what a check waits for often
   * follows a server's answer, and a sign-in's password hashing alone took over 1.5 s beside the
   * rest of the suite on 2 cores (CI). It costs nothing when the match is there.
   */
  async visible(locator: Locator, what: string, timeout = 5_000): Promise<boolean> {
    try {
      await locator.first().waitFor({ state: 'visible', timeout });
      return true;
    } catch {
      this.fail(`${what}: not visible`);
      return false;
    }
  }

  /** Waits (briefly) until nothing matching the locator is visible. */
  async notVisible(locator: Locator, what: string, timeout = 1_500): Promise<boolean> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const count = await locator.count();
      let anyVisible = false;
      for (let i = 0; i < count; i++) if (await locator.nth(i).isVisible()) anyVisible = true;
      if (!anyVisible) return true;
      if (Date.now() > deadline) {
        this.fail(`${what}: should not be visible`);
        return false;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Runs an arbitrary check; a thrown error or a returned string is recorded as a problem. */
  async that(what: string, fn: () => Promise<string | void | undefined>): Promise<boolean> {
    try {
      const problem = await fn();
      if (problem) {
        this.fail(`${what}: ${problem}`);
        return false;
      }
      return true;
    } catch (err) {
      this.fail(`${what}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
      return false;
    }
  }

  /** Throws once, listing every problem recorded. */
  done() {
    if (this.problems.length > 0) {
      throw new Error(`${this.label}: ${this.problems.length} problem(s)\n  - ${this.problems.join('\n  - ')}`);
    }
  }
}

/** The page has exactly one <h1>. */
export async function checkSingleH1(page: Page, checks: Checks) {
  await checks.that('exactly one h1', async () => {
    const headings = await page.locator('h1').allInnerTexts();
    if (headings.length !== 1) return `found ${headings.length}${headings.length ? `: ${JSON.stringify(headings)}` : ''}`;
  });
}

/** No axe-core violation of impact serious or critical. */
export async function checkAxe(page: Page, checks: Checks) {
  await checks.that('axe (serious/critical)', async () => {
    const problems = await seriousAxeViolations(page);
    if (problems.length) return `${problems.map((p) => p.id).join(', ')}\n${formatAxe(problems)}`;
  });
}

/**
 * The page is visibly styled under the CSP: the header is position:fixed and some visible button has
 * a solid background (the build's style sheets: public pages are drawn without Chakra's runtime),
 * and every <style> Emotion added for a Chakra component carries this response's CSP nonce.
 */
export async function checkStyled(page: Page, checks: Checks) {
  await checks.that('styles applied under the CSP', async () => {
    const result = await page.evaluate(() => {
      const styles = Array.from(document.querySelectorAll<HTMLStyleElement>('style[data-emotion]'));
      const withoutNonce = styles.filter((s) => !s.nonce).length;
      const header = document.querySelector('header');
      const headerPosition = header ? getComputedStyle(header).position : 'none';
      const solid = Array.from(document.querySelectorAll<HTMLElement>('button, a')).find((el) => {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        const bg = getComputedStyle(el).backgroundColor;
        return bg !== 'transparent' && !/^rgba\(\d+, \d+, \d+, 0\)$/.test(bg);
      });
      return {
        withoutNonce,
        headerPosition,
        solid: solid ? `${solid.tagName.toLowerCase()} "${solid.textContent?.trim().slice(0, 40)}"` : undefined,
      };
    });
    const issues: string[] = [];
    if (result.withoutNonce > 0) issues.push(`${result.withoutNonce} Emotion <style> element(s) without a nonce`);
    if (result.headerPosition !== 'fixed') issues.push(`header position is ${result.headerPosition}, not fixed`);
    if (!result.solid) issues.push('no visible button or link has a background colour');
    return issues.join('; ') || undefined;
  });
}

/** No request outside 127.0.0.1, no console error, no CSP violation so far. */
export function checkClean(tracked: TrackedPage, checks: Checks) {
  if (tracked.externalRequests.length) checks.fail(`requests outside 127.0.0.1: ${tracked.externalRequests.join(', ')}`);
  if (tracked.consoleErrors.length) checks.fail(`console errors: ${tracked.consoleErrors.join(' | ')}`);
  if (tracked.cspViolations.length) checks.fail(`CSP violations: ${tracked.cspViolations.join(' | ')}`);
}

/** document.documentElement.scrollWidth against the viewport width. */
export async function checkNoHorizontalOverflow(page: Page, checks: Checks, width: number) {
  await checks.that(`no horizontal overflow at ${width}px`, async () => {
    const { scrollWidth, culprits } = await page.evaluate((w) => {
      const clipped = (el: Element) => {
        for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
          if (a === document.body) break;
          if (/(hidden|auto|scroll|clip)/.test(getComputedStyle(a).overflowX)) return true;
        }
        return false;
      };
      const wide = Array.from(document.querySelectorAll<HTMLElement>('body, body *')).filter(
        (el) => el.getBoundingClientRect().right > w + 1 && !clipped(el),
      );
      const leaves = wide.filter((el) => !wide.some((other) => other !== el && el.contains(other)));
      return {
        scrollWidth: document.documentElement.scrollWidth,
        culprits: leaves
          .sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right)
          .slice(0, 5)
          .map((el) => {
            const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
            const label = el.getAttribute('aria-label') ?? el.id;
            return `<${el.tagName.toLowerCase()}${label ? ` ${label}` : ''}> right=${Math.round(el.getBoundingClientRect().right)} "${text}"`;
          }),
      };
    }, width);
    if (scrollWidth > width) return `scrollWidth is ${scrollWidth}; widest elements: ${culprits.join('; ') || '?'}`;
  });
}
