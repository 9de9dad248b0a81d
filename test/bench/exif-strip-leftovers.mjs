// Strip leftovers: for every image in the folders given (default: the shared corpus and the image
// bench's generated corpus), the strip's output is read back by exiftool and every personal field
// it still finds (GPS, names, serials, make/model, capture dates; ICC profile headers aside) is
// counted per format; the check's name findings are listed too, to review for device strings.
// Needs exiftool. Run: node test/bench/exif-strip-leftovers.mjs [folder...]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireTs, root } from './bench-support.mjs';
import { buildCorpus } from './exif-corpus.mjs';

const EXIFTOOL = '/usr/bin/exiftool';
if (!existsSync(EXIFTOOL)) {
  console.log('exiftool is not installed: nothing measured');
  process.exit(0);
}
const { stripMetadata } = requireTs('server/src/browser-shared/metadata-strip/metadata.stripper.ts');
const { readImageMetadata } = requireTs('server/src/images/image-metadata.reader.ts');
const { detectImageType } = requireTs('server/src/browser-shared/metadata-strip/image-upload.rules.ts');
const { imageSequence, quicktimeKeys, udtaText } = requireTs('test/support/sequence-fixtures.ts');
const { ultraHdrJpeg } = requireTs('test/support/gain-map-fixtures.ts');

const work = mkdtempSync(join(tmpdir(), 'strip-leftovers-'));
try {
  let folders = process.argv.slice(2);
  if (folders.length === 0) {
    const generated = join(work, 'generated');
    await buildCorpus(generated);
    writeFileSync(join(generated, 'sequence.avif'), imageSequence({ date: '2018-03-09T14:16:50Z', version: 1, udta: [udtaText('\xa9xyz', '+48.8584+002.2945/')], moovMeta: quicktimeKeys([['com.apple.quicktime.model', 'iPhone 8']]) }));
    writeFileSync(join(generated, 'burst.heic'), imageSequence({ date: '2020-01-02T03:04:05Z', major: 'hevs' }));
    writeFileSync(join(generated, 'ultrahdr.jpg'), await ultraHdrJpeg());
    folders = [join(root, '..', 'shared', 'fixtures', 'images'), generated].filter(existsSync);
  }
  const PERSONAL = /GPS(Latitude|Longitude|Position|Coordinates)|Artist|Creator$|Copyright|OwnerName|CameraOwner|SerialNumber|Make$|Model$|HostComputer|By-line|DateTimeOriginal|CreateDate|ModifyDate|CreationDate|Author|BabyName|City|Country/;
  const formats = {};
  const leftovers = [];
  const names = [];
  for (const folder of folders) {
    for (const name of readdirSync(folder)) {
      const bytes = new Uint8Array(readFileSync(join(folder, name)));
      const type = detectImageType(bytes);
      if (!type) continue;
      const f = (formats[type] ??= { files: 0, refused: 0, withLeftovers: 0 });
      f.files++;
      try {
        for (const p of (await readImageMetadata(bytes)).people) names.push(`${name}: ${p.value} (${p.origin})`);
      } catch {
        // refused by the reader: counted by the strip below
      }
      let clean;
      try {
        clean = stripMetadata(bytes).bytes;
      } catch {
        f.refused++;
        continue;
      }
      const out = join(work, `clean-${name}`);
      writeFileSync(out, clean);
      const tags = JSON.parse(execFileSync(EXIFTOOL, ['-j', '-a', '-G1', '-ee', out], { encoding: 'utf8' }))[0];
      const left = Object.entries(tags).filter(([k, v]) => PERSONAL.test(k) && !/^(System|File|ICC)/.test(k) && !/^0000:00:00/.test(String(v)) && v !== '');
      if (left.length) {
        f.withLeftovers++;
        leftovers.push(`${name}: ${left.map(([k, v]) => `${k}=${v}`).join(', ')}`);
      }
    }
  }
  console.log('per format (files, refused by the strip, outputs with personal fields left):');
  console.log(formats);
  console.log(`personal fields left: ${leftovers.length ? `\n  ${leftovers.join('\n  ')}` : 'none'}`);
  console.log(`name findings to review (${names.length}):\n  ${names.join('\n  ')}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
