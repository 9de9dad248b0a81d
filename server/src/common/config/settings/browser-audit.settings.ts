import { defineSettings, setting, text, trueOrFalse, wholeNumber } from '../setting.schema';

/** The rendered website audit: pages loaded in headless Chromium behind the SSRF proxy (browser-audit/). */
export const browserAuditSettings = defineSettings({
  module: 'browser-audit',
  title: 'Rendered website audit',
  settings: {
    BROWSER_AUDIT: setting(trueOrFalse(), {
      default: 'true',
      doc: "false: every website is analysed without running its scripts (the check then says so, 'partial').",
      message: 'BROWSER_AUDIT must be true or false',
    }),
    BROWSER_EXECUTABLE: setting(text(), {
      default: '/usr/bin/chromium',
      doc: "The Chromium the rendered audit runs (Debian's; never a downloaded browser). Missing or not starting: the static fallback.",
      message: 'BROWSER_EXECUTABLE must be a path',
    }),
    BROWSER_CONCURRENCY: setting(wholeNumber(0, 32), {
      default: '2',
      doc: 'Browser contexts this instance runs at once (0: it loads no pages; other instances on the same database do the work).',
      message: 'BROWSER_CONCURRENCY must be a whole number between 0 and 32 (0: this instance loads no pages)',
    }),
    BROWSER_MAX_MEMORY_MB: setting(wholeNumber(256, 1_048_576), {
      defaultNote: "half the memory this server may use (the container's limit when it has one), from 1024 to 4096",
      example: '1536',
      doc: "Memory the audit browser may hold (its processes' anonymous memory, summed; sampled 4 times a second while it loads pages). Past it the browser is killed with every process it started, the scans it was loading say the page used more memory than the audit allows, and the next job gets a fresh browser.",
      message: 'BROWSER_MAX_MEMORY_MB must be a whole number of megabytes, at least 256',
    }),
    BROWSER_QUEUE: setting(wholeNumber(0, 10_000), {
      default: '8',
      doc: "People's website scans waiting for a browser across every instance; one more answers 503 with Retry-After, before any quota is used. Website monitors' pages are not counted here: they wait behind people's, queued only while fewer of them wait than there are browser contexts.",
      message: 'BROWSER_QUEUE must be a whole number between 0 and 10000',
    }),
  },
});
