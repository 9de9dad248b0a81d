/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { analyzeImageMetadata } from '../../server/src/images/exif-findings.analyzer';
import { readImageMetadata } from '../../server/src/images/image-metadata.reader';
import type { TrackedPage } from '../support/browser';
import { checkAxe, checkClean, Checks } from '../support/checks';
import { useBuiltAppAndBrowser } from '../support/e2e-suite';
import { iphoneLikeHeic } from '../support/heif-fixtures';
import { ascii, cameraExif, canonMakerNote, comSegment, exifApp1, exifTiff, jpegWith, xmpApp1, xmpPacket } from '../support/image-fixtures';
import { signUpInBrowser } from '../support/signup-page';

/**
 * The EXIF Privacy Check in a real browser against the built app: a signed-in user drops a photo
 * made in code, sees the findings, downloads the clean copy made in the browser (checked here with
 * our reader and exiftool), and is refused a wrong file type before any upload.
 */

jest.setTimeout(90_000);

const suite = useBuiltAppAndBrowser();
const EXIFTOOL = '/usr/bin/exiftool';

let counter = 0;
async function freshUser(t: TrackedPage) {
  counter += 1;
  await t.page.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.89.${process.pid % 250}.${counter}` });
  return `exif.${process.pid}.${counter}.${Date.now()}@example.test`;
}

const main = (page: Page) => page.getByRole('main');

const signUp = (t: TrackedPage, email: string) => signUpInBrowser(t, { email, password: 'exif-pass-12', lastName: 'Photographer' });

async function openExifTab(t: TrackedPage) {
  await main(t.page).getByRole('tab', { name: 'EXIF Check' }).click();
  await main(t.page).getByRole('heading', { name: 'EXIF Privacy Check' }).waitFor({ timeout: 10_000 });
}

/** A real (decodable) JPEG with GPS, a serial number, an owner, a comment and XMP. */
async function photo(): Promise<Buffer> {
  const base = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#4a7' } }).jpeg().toBuffer();
  return Buffer.from(
    jpegWith(new Uint8Array(base), [
      exifApp1(cameraExif({ artist: 'Ada Photographer', makerNote: canonMakerNote({ ownerName: 'Ada Photographer', serialNumber: 330100138 }) })),
      xmpApp1(xmpPacket({ creator: 'Ada Photographer', email: 'ada@example.com' })),
      comSegment('our secret beach'),
    ]),
  );
}

const HEIF_ENC = '/usr/bin/heif-enc';
const HEIF_CONVERT = '/usr/bin/heif-convert';

/**
 * An iPhone-like HEIC with GPS, names and a serial: encoded by libheif (a real, decodable HEVC
 * image with a thumbnail) where heif-enc is installed, else built in code (same structure, fake coded data).
 */
async function iphonePhoto(): Promise<{ heic: Buffer; decodable: boolean }> {
  const exif = exifTiff({ make: 'Apple', model: 'iPhone 15 Pro', artist: 'Ada Photographer', bodySerial: 'F2LXK0ABC', gps: { latitude: 48.858222, longitude: 2.2945 } });
  if (!existsSync(HEIF_ENC) || !existsSync(EXIFTOOL)) return { heic: Buffer.from(iphoneLikeHeic({ exif })), decodable: false };
  const dir = mkdtempSync(join(tmpdir(), 'fp-e2e-heic-'));
  try {
    const source = join(dir, 'source.jpg');
    writeFileSync(source, await sharp({ create: { width: 96, height: 64, channels: 3, background: '#38a' } }).jpeg().toBuffer());
    const heic = join(dir, 'photo.heic');
    execFileSync(HEIF_ENC, ['-q', '60', '-t', '32', source, '-o', heic], { stdio: 'ignore' });
    execFileSync(EXIFTOOL, ['-q', '-overwrite_original', '-GPSLatitude=48.858222', '-GPSLatitudeRef=N', '-GPSLongitude=2.2945', '-GPSLongitudeRef=E', '-Artist=Ada Photographer', '-SerialNumber=F2LXK0ABC', heic]);
    return { heic: readFileSync(heic), decodable: true };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Drops a file on the drop zone as a browser would (dragenter, dragover, dragleave, dragenter,
 * drop, with a DataTransfer), noting the zone's highlight after each step once React has rendered.
 */
async function dropFile(page: Page, bytes: Buffer, name: string, type: string): Promise<string[]> {
  return page.evaluate(
    async ({ data, name, type }) => {
      const zone = document.querySelector('[data-testid="exif-drop-zone"]') as HTMLElement;
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], name, { type }));
      const rendered = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20)));
      const seen: string[] = [];
      for (const kind of ['dragenter', 'dragover', 'dragleave', 'dragenter', 'drop']) {
        zone.dispatchEvent(new DragEvent(kind, { bubbles: true, cancelable: true, dataTransfer: transfer }));
        await rendered();
        seen.push(`${kind}:${zone.dataset.highlighted}`);
      }
      return seen;
    },
    { data: Array.from(bytes), name, type },
  );
}

describe('EXIF Privacy Check', () => {
  it('drop a photo → findings and risk score → Strip Metadata downloads a clean copy → Analyze Another', async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      const c = new Checks('EXIF check flow');
      await signUp(t, await freshUser(t));
      await openExifTab(t);
      const m = main(t.page);
      const uploads: string[] = [];
      t.page.on('request', (r) => {
        if (r.url().includes('/api/scans/exif/')) uploads.push(`${r.method()} ${new URL(r.url()).pathname}`);
      });

      const highlights = await dropFile(t.page, await photo(), 'holiday.jpg', 'image/jpeg');
      await c.that('the drop zone highlights on enter and over, and not after leave or drop', async () => {
        const expected = ['dragenter:true', 'dragover:true', 'dragleave:false', 'dragenter:true', 'drop:false'];
        if (highlights.join() !== expected.join()) return `saw ${highlights.join(', ')}`;
      });

      const score = m.getByTestId('exif-risk-score');
      if (await c.visible(score, 'risk score', 15_000)) {
        await c.that('risk score red (≥70) for GPS, names and serials', async () => {
          const label = (await score.getAttribute('aria-label')) ?? '';
          const value = Number(/Risk score (\d+)/.exec(label)?.[1]);
          if (!(value >= 70)) return `score ${value}`;
          if ((await score.getAttribute('data-tone')) !== 'red') return `tone ${await score.getAttribute('data-tone')}`;
        });
      }
      await c.visible(m.getByRole('heading', { name: 'Risk Score for holiday.jpg' }), 'results heading');
      const findings = m.getByTestId('exif-finding');
      await c.visible(findings.filter({ hasText: 'GPS coordinates' }).filter({ hasText: '48.86, 2.29' }), 'GPS finding with coordinates rounded to about 1 km');
      await c.visible(findings.filter({ hasText: 'Camera serial number' }).filter({ hasText: '••••••••6789' }), 'serial number finding, masked');
      await c.visible(findings.filter({ hasText: 'Email address' }).filter({ hasText: 'a•••@e•••.com' }), 'email finding, masked');
      await c.visible(findings.filter({ hasText: 'High severity' }), 'severity shown');
      await c.that('the page never shows the full serial, email or coordinates', async () => {
        const text = await m.innerText();
        const leaked = ['SN-0123456789', 'ada@example.com', '48.8582'].filter((s) => text.includes(s));
        if (leaked.length) return `shows ${leaked.join(', ')}`;
      });
      await checkAxe(t.page, c);

      const [download] = await Promise.all([t.page.waitForEvent('download', { timeout: 10_000 }), m.getByRole('button', { name: 'Strip Metadata' }).click()]);
      await c.that("the download is named '<name>-clean.<ext>'", async () => {
        if (download.suggestedFilename() !== 'holiday-clean.jpg') return download.suggestedFilename();
      });
      const path = await download.path();
      const clean = readFileSync(path);
      await c.that('the clean copy is a JPEG with no metadata left (our reader)', async () => {
        const analysis = analyzeImageMetadata(await readImageMetadata(new Uint8Array(clean)));
        if (analysis.findings.length) return analysis.findings.map((f) => f.description).join('; ');
      });
      await c.that('the clean copy keeps the image and the orientation', async () => {
        const [before, after] = await Promise.all([sharp(await photo()).raw().toBuffer(), sharp(clean).raw().toBuffer()]);
        if (Buffer.compare(before, after) !== 0) return 'pixels differ';
        const meta = await sharp(clean).metadata();
        if (meta.orientation !== 6) return `orientation ${meta.orientation}`;
      });
      if (existsSync(EXIFTOOL)) {
        await c.that('exiftool finds no GPS, serial, creator, date, software, XMP or IPTC in it', async () => {
          const record = (JSON.parse(execFileSync(EXIFTOOL, ['-j', '-G1', '-a', path], { encoding: 'utf8' })) as Array<Record<string, unknown>>)[0];
          const leaks = Object.keys(record).filter(
            (key) => !/^(System|File|ExifTool|Composite|SourceFile)/.test(key) && /GPS|Serial|Artist|Creator|OwnerName|Date|Software|^XMP|^IPTC|Comment/i.test(key),
          );
          if (leaks.length) return leaks.join(', ');
        });
      }
      await c.visible(m.getByRole('status').filter({ hasText: 'Downloaded holiday-clean.jpg' }), 'download confirmation');
      await c.that('the photo was uploaded once (the strip happens in the browser)', async () => {
        if (uploads.join() !== 'POST /api/scans/exif/analyze') return uploads.join(', ') || 'no upload';
      });

      await m.getByRole('button', { name: 'Analyze Another' }).click();
      await c.visible(m.getByRole('button', { name: 'Upload Image' }), "'Analyze Another' returns to the upload view");
      checkClean(t, c);
      c.done();
    });
  });

  it('an iPhone HEIC: findings, then Strip Metadata downloads a clean HEIC made in the browser', async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      const c = new Checks('EXIF check of a HEIC');
      await signUp(t, await freshUser(t));
      await openExifTab(t);
      const m = main(t.page);
      const { heic, decodable } = await iphonePhoto();
      await m.getByTestId('exif-file-input').setInputFiles({ name: 'IMG_4242.HEIC', mimeType: 'image/heic', buffer: heic });
      await c.visible(m.getByRole('heading', { name: 'Risk Score for IMG_4242.HEIC' }), 'results heading', 15_000);
      const findings = m.getByTestId('exif-finding');
      await c.visible(findings.filter({ hasText: 'GPS coordinates' }).filter({ hasText: '48.86, 2.29' }), 'GPS finding from the Exif item');
      await c.visible(findings.filter({ hasText: 'Embedded thumbnail' }), 'the HEIC thumbnail as a hidden image');
      const [download] = await Promise.all([t.page.waitForEvent('download', { timeout: 10_000 }), m.getByRole('button', { name: 'Strip Metadata' }).click()]);
      await c.that("the download is named '<name>-clean.HEIC'", async () => {
        if (download.suggestedFilename() !== 'IMG_4242-clean.HEIC') return download.suggestedFilename();
      });
      const path = await download.path();
      const clean = new Uint8Array(readFileSync(path));
      await c.that('the clean copy is a HEIC with nothing left to report (our reader)', async () => {
        const analysis = analyzeImageMetadata(await readImageMetadata(clean));
        if (analysis.findings.length) return analysis.findings.map((f) => f.description).join('; ');
      });
      if (decodable && existsSync(HEIF_CONVERT)) {
        await c.that('libheif decodes the clean copy to the same pixels', async () => {
          const png = (file: string) => {
            execFileSync(HEIF_CONVERT, [file, `${file}.png`], { stdio: 'ignore' });
            return sharp(`${file}.png`).raw().toBuffer();
          };
          const dir = mkdtempSync(join(tmpdir(), 'fp-e2e-heic-'));
          try {
            const original = join(dir, 'original.heic');
            writeFileSync(original, heic);
            const copy = `${original}.clean.heic`;
            writeFileSync(copy, clean);
            if (Buffer.compare(await png(original), await png(copy)) !== 0) return 'pixels differ';
          } finally {
            rmSync(dir, { recursive: true, force: true });
          }
        });
      }
      checkClean(t, c);
      c.done();
    });
  });

  it('choosing a file of another type is refused with the spec message before any upload', async () => {
    await suite.browser.withPage(suite.app.baseUrl, {}, async (t) => {
      const c = new Checks('EXIF type check');
      await signUp(t, await freshUser(t));
      await openExifTab(t);
      const m = main(t.page);
      let uploads = 0;
      t.page.on('request', (r) => {
        if (r.url().includes('/api/scans/exif/')) uploads++;
      });
      await m.getByTestId('exif-file-input').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(ascii('BM6\x00\x00\x00\x00\x00\x00\x006\x00\x00\x00')) });
      await c.visible(m.getByRole('alert').filter({ hasText: 'Please upload a JPEG, PNG, TIFF, WebP, HEIC, AVIF, or GIF image' }), 'type message');
      await t.settle();
      await c.that('nothing was uploaded', async () => (uploads ? `${uploads} request(s)` : undefined));

      // A real image chosen with the file chooser goes through.
      await m.getByTestId('exif-file-input').setInputFiles({ name: 'plain.jpg', mimeType: 'image/jpeg', buffer: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).jpeg().toBuffer() });
      await c.visible(m.getByText('No personal metadata found in this image.'), 'a clean photo has no findings', 15_000);
      checkClean(t, c);
      c.done();
    });
  });
});
