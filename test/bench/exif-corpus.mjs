// The image bench's own corpus, generated into a folder (nothing downloaded, nothing committed):
// photos made by sharp in every format the check reads, with metadata written by exiftool where
// it is installed (GPS, names, serials, XMP), iPhone-like HEIC files encoded by libheif's
// heif-enc where it is installed, a large uncompressed TIFF, GIFs, and the maker-note
// and vendor-block JPEGs of the test fixtures. Files are named by format.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { require, requireTs } from './bench-support.mjs';

const EXIFTOOL = '/usr/bin/exiftool';
const HEIF_ENC = '/usr/bin/heif-enc';

function pixels(width, height, seed) {
  const px = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      px[i] = (x * 3 + seed * 40) & 0xff;
      px[i + 1] = (y * 2 + ((x * y) >> 6)) & 0xff;
      px[i + 2] = ((x ^ y) + seed * 17) & 0xff;
    }
  }
  return px;
}

const TAGS = [
  ['-GPSLatitude=48.8584', '-GPSLatitudeRef=N', '-GPSLongitude=2.2945', '-GPSLongitudeRef=E', '-Artist=Jane Roe', '-SerialNumber=SN48151623', '-DateTimeOriginal=2024:05:01 10:20:30', '-Make=Canon', '-Model=Canon EOS R5', '-XMP-dc:Creator=Jane Roe', '-Software=Editor 4.2'],
  ['-GPSLatitude=40.7128', '-GPSLatitudeRef=N', '-GPSLongitude=74.006', '-GPSLongitudeRef=W', '-OwnerName=Tom Poe', '-LensSerialNumber=LS0042', '-Make=Apple', '-Model=iPhone 15 Pro', '-XMP-iptcCore:CreatorWorkEmail=tom@example.com', '-ImageDescription=Birthday party'],
];

/** Writes the corpus into `dir` (created) and answers the file paths. */
export async function buildCorpus(dir) {
  mkdirSync(dir, { recursive: true });
  const sharp = require('sharp');
  const paths = [];
  const write = (name, bytes) => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    paths.push(path);
    return path;
  };
  const exiftool = existsSync(EXIFTOOL);
  const tag = (path, i) => exiftool && execFileSync(EXIFTOOL, ['-q', '-q', '-overwrite_original', ...TAGS[i % TAGS.length], path]);

  // Photos in each format, two sizes each, tagged by exiftool (it writes JPEG, PNG, TIFF, WebP, HEIC, AVIF, GIF metadata).
  const sizes = [[640, 480], [2048, 1536]];
  for (const [i, [w, h]] of sizes.entries()) {
    const raw = () => sharp(pixels(w, h, i), { raw: { width: w, height: h, channels: 3 } });
    tag(write(`jpeg-photo-${w}.jpg`, await raw().jpeg({ quality: 88 }).toBuffer()), i);
    tag(write(`png-photo-${w}.png`, await raw().png({ compressionLevel: 3 }).toBuffer()), i);
    tag(write(`webp-photo-${w}.webp`, await raw().webp({ quality: 80 }).toBuffer()), i);
    tag(write(`avif-photo-${w}.avif`, await raw().avif({ quality: 50, effort: 2 }).toBuffer()), i);
    tag(write(`tiff-photo-${w}.tif`, await raw().tiff({ compression: 'lzw' }).toBuffer()), i);
    tag(write(`gif-photo-${w}.gif`, await raw().gif().toBuffer()), i);
  }
  // A large uncompressed TIFF (about 9 MB).
  tag(write('tiff-large-uncompressed.tif', await sharp(pixels(1800, 1700, 3), { raw: { width: 1800, height: 1700, channels: 3 } }).tiff({ compression: 'none' }).toBuffer()), 0);

  // HEIC from libheif's encoder (an iPhone's format: HEVC, a thumbnail, Exif and XMP items).
  if (existsSync(HEIF_ENC)) {
    for (const [i, [w, h]] of sizes.entries()) {
      const source = join(dir, `source-${w}.jpg`);
      writeFileSync(source, await sharp(pixels(w, h, i + 7), { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 92 }).toBuffer());
      const heic = join(dir, `heic-photo-${w}.heic`);
      execFileSync(HEIF_ENC, ['-q', '60', '-t', '256', source, '-o', heic], { stdio: 'ignore' });
      rmSync(source);
      tag(heic, i);
      paths.push(heic);
    }
  }

  // The test fixtures: every vendor's maker notes, vendors' JPEG blocks, an iPhone-like HEIC grid.
  const { MAKER_NOTE_CASES, makerNoteJpeg } = requireTs('test/support/maker-note-fixtures.ts');
  MAKER_NOTE_CASES.forEach((c, i) => write(`jpeg-makernote-${String(i).padStart(2, '0')}.jpg`, makerNoteJpeg(c)));
  const blocks = requireTs('test/support/vendor-block-fixtures.ts');
  const { exifApp1, exifTiff, jpegWith, tinyJpeg, cameraExif, xmpPacket } = requireTs('test/support/image-fixtures.ts');
  write('jpeg-vendor-ciff.jpg', jpegWith(tinyJpeg(), [blocks.canonCiffApp0({ owner: 'Jane Roe', make: 'Canon', model: 'Canon EOS 10D', serial: 560123456, time: 1104580800 })]));
  write('jpeg-vendor-flir.jpg', jpegWith(tinyJpeg(), [exifApp1(exifTiff({ make: 'FLIR Systems AB', model: 'FLIR E6' })), ...blocks.flirApp1({ model: 'FLIR E6', serial: '63912345', lensSerial: 'L1234', time: 1500000000, zoneMinutes: 60, latitude: 59.3293, longitude: 18.0686 })]));
  write('jpeg-vendor-gopro.jpg', jpegWith(tinyJpeg(), [exifApp1(exifTiff({ make: 'GoPro', model: 'HERO7 Black' })), blocks.goProApp6('C3221324545448', 37.7749, -122.4194)]));
  const { iphoneLikeHeic } = requireTs('test/support/heif-fixtures.ts');
  write('heic-grid-fixture.heic', iphoneLikeHeic({ exif: cameraExif(), xmp: xmpPacket({ creator: 'Jane Roe' }) }));
  return paths.sort();
}

/** The format of a corpus file, from its name (the shared corpus: from its extension). */
export function formatOf(name) {
  const prefix = /^(jpeg|png|webp|avif|tiff|gif|heic)-/.exec(name)?.[1];
  if (prefix) return prefix;
  const ext = name.split('.').pop().toLowerCase();
  return { jpg: 'jpeg', jpeg: 'jpeg', tif: 'tiff', tiff: 'tiff', png: 'png', webp: 'webp', gif: 'gif', heic: 'heic', avif: 'avif' }[ext] ?? ext;
}
