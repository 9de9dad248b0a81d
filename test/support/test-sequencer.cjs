// The order Jest hands test files to its two workers (jest.config.js). Jest's own order (files that
// failed last time, then the longest first, by its cache or else by file size) stays, with one
// change: the two files that load the audit browser hardest run first, each beside unit and client
// files only.
//
// Why: website-browser scans 36 pages, four browser contexts at a time, and hostile-pages runs
// pages built to spin every core, fill memory and flood the network. Beside each other or beside a
// browser end-to-end file, on two cores, a visit's budget went on creating its contexts and a key
// logger's page was never typed into (CI, stop 47); hostile-pages' request flood missed its budget
// in the same runs. Beside unit tests (no browser, no timers) both pass as they do alone.
//
// Worker A takes website-browser while worker B runs two thirds of the unit and client files
// (about as long as website-browser: they take about 400 s together); then hostile-pages, about half
// as long, starts beside the last third. The rest follows in Jest's order, longest first.
const Sequencer = require('@jest/test-sequencer').default;

/** The heavy files, in the order they start, and each one's share of the light files. */
const BROWSER_HEAVY = [
  { file: 'test/integration/website-browser.int-spec.ts', share: 2 },
  { file: 'test/integration/hostile-pages.int-spec.ts', share: 1 },
];
const LIGHT_PROJECTS = new Set(['unit', 'client']);

class FootprintSequencer extends Sequencer {
  sort(tests) {
    const ordered = super.sort(tests);
    const heavy = BROWSER_HEAVY.map(({ file, share }) => ({ test: ordered.find((test) => test.path.endsWith(file)), share })).filter((h) => h.test);
    if (heavy.length === 0) return ordered;
    const light = ordered.filter((test) => LIGHT_PROJECTS.has(test.context.config.displayName?.name));
    // Dealt out in turn (longest first), so each share holds long and short files alike.
    const turns = heavy.flatMap((h, i) => Array(h.share).fill(i));
    const shares = heavy.map((_, i) => light.filter((_test, j) => turns[j % turns.length] === i));
    const rest = ordered.filter((test) => !light.includes(test) && !heavy.some((h) => h.test === test));
    return [...heavy.flatMap((h, i) => [h.test, ...shares[i]]), ...rest];
  }
}

module.exports = FootprintSequencer;
