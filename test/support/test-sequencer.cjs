// The order Jest hands test files to its workers (jest.config.js). With timings from an earlier run
// in its cache, Jest starts the files that failed, then the longest first, so that no long file is
// left to run alone at the end; that order stays. Without them (a fresh clone, as in CI) Jest falls
// back to file size, which put the longest file of all (website-browser, about 5 min) in the
// middle of the run. Then the files below, measured the longest on a 2-core machine (stop 47's full
// runs, seconds beside the rest of the suite), start first, longest first; the rest follow by size.
const Sequencer = require('@jest/test-sequencer').default;

const LONGEST_FIRST = [
  'test/integration/website-browser.int-spec.ts', // 318
  'test/e2e/first-paint.e2e-spec.ts', // 226
  'test/integration/hostile-pages.int-spec.ts', // 188
  'test/e2e/accounts.e2e-spec.ts', // 136
  'test/e2e/site.e2e-spec.ts', // 129
  'test/e2e/monitoring.e2e-spec.ts', // 119
  'test/integration/monitoring-websites.int-spec.ts', // 108
  'test/e2e/dashboard-report.e2e-spec.ts', // 86
  'test/integration/monitoring-instances.int-spec.ts', // 76
  'test/integration/bad-input.int-spec.ts', // 70
  'test/integration/api-contract.int-spec.ts', // 56
  'server/src/images/tiff-records.reader.spec.ts', // 52
  'test/e2e/scan-widget.e2e-spec.ts', // 50
];

class FootprintSequencer extends Sequencer {
  sort(tests) {
    const ordered = super.sort(tests);
    if (ordered.every((test) => test.duration != null)) return ordered;
    const listed = LONGEST_FIRST.map((file) => ordered.find((test) => test.path.endsWith(file))).filter(Boolean);
    return [...listed, ...ordered.filter((test) => !listed.includes(test))];
  }
}

module.exports = FootprintSequencer;
