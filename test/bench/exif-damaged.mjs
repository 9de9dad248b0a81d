// Damaged-file bench: the image check's analysis and strip times on damaged files made in code
// (test/support/damaged-image-fixtures.ts): TIFFs with thousands of unreadable entries (1 and
// 8 MB), a JPEG with junk after a short EXIF segment, a TIFF whose version word is damaged. Prints
// the median of 7 runs per file, and the slowest; the check must answer in time proportional to
// the file's size (the worker's limits are far above these numbers). Run: node test/bench/exif-damaged.mjs
import { requireTs } from './bench-support.mjs';

const fixtures = requireTs('test/support/damaged-image-fixtures.ts');
const { checkImage } = requireTs('server/src/images/exif-findings.analyzer.ts');
const { stripMetadata } = requireTs('server/src/browser-shared/metadata-strip/metadata.stripper.ts');

const files = {
  'tiff 1 MB, 41 directories × 1000 damaged entries': fixtures.damagedTiff({ megabytes: 1, ifds: 40, entries: 1000 }),
  'tiff 8 MB, 64 directories × 1000 damaged entries': fixtures.damagedTiff({ megabytes: 8, ifds: 63, entries: 1000 }),
  'jpeg with junk after a short EXIF segment': fixtures.jpegWithJunkInExif(),
  'tiff with a damaged version word': fixtures.tiffDamagedInto43(),
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
let slowest = { name: '', ms: 0 };
for (const [name, bytes] of Object.entries(files)) {
  const analyse = [];
  const strip = [];
  for (let run = 0; run < 7; run++) {
    let t = performance.now();
    await checkImage(bytes);
    analyse.push(performance.now() - t);
    t = performance.now();
    try {
      stripMetadata(bytes);
    } catch {
      // refused: its time still counts
    }
    strip.push(performance.now() - t);
  }
  const ms = median(analyse);
  if (ms > slowest.ms) slowest = { name, ms };
  console.log(`${name} (${(bytes.length / 1048576).toFixed(2)} MB): analysis ${ms.toFixed(1)} ms, strip ${median(strip).toFixed(1)} ms (median of 7)`);
}
console.log(`slowest damaged file: ${slowest.name}, ${slowest.ms.toFixed(1)} ms`);
