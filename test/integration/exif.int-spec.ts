import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { stripMetadata } from '../../server/src/browser-shared/metadata-strip/metadata.stripper';
import { MAX_IMAGE_BYTES } from '../../server/src/browser-shared/metadata-strip/image-upload.rules';
import { freshIp, query, signUp, SignedUp } from '../support/auth';
import {
  ascii,
  cameraExif,
  canonMakerNote,
  comSegment,
  concat,
  exifApp1,
  grayPng,
  jpegWith,
  rgbTiff,
  tEXt,
  tinyJpeg,
  xmpApp1,
  xmpPacket,
} from '../support/image-fixtures';
import { iphoneLikeHeic } from '../support/heif-fixtures';
import { captureLogs, createTestApp, TestApp } from '../support/test-app';

/** The image check's routes end to end: auth, upload rules, analysis, history, strip, no disk. */

const TYPE_MESSAGE = 'Please upload a JPEG, PNG, TIFF, WebP, HEIC, AVIF, or GIF image';
const CLEANABLE = { possible: true, message: null };
const SIZE_MESSAGE = 'File too large. Maximum size is 10MB';

function photo(): Buffer {
  return Buffer.from(
    jpegWith(tinyJpeg(), [
      // An email address as the camera's owner name, as some owners set it.
      exifApp1(cameraExif({ makerNote: canonMakerNote({ ownerName: 'jane@example.com', serialNumber: 330100138 }) })),
      xmpApp1(xmpPacket({ creator: 'Jane Doe', email: 'jane@example.com' })),
      comSegment('a private note'),
    ]),
  );
}

/** A file of exactly `size` bytes that is a JPEG by its magic bytes (padding after the image). */
function jpegOfSize(size: number): Buffer {
  const base = tinyJpeg();
  return Buffer.from(concat(base, new Uint8Array(size - base.length).fill(0x55)));
}

describe('image metadata check (integration)', () => {
  let t: TestApp;
  let user: SignedUp;
  beforeAll(async () => {
    t = await createTestApp();
    user = await signUp(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const analyze = (token: string | undefined, file: Buffer, name = 'holiday.jpg', contentType = 'image/jpeg') => {
    const req = t.http().post('/api/scans/exif/analyze').set('X-Forwarded-For', freshIp());
    if (token) req.set('Authorization', `Bearer ${token}`);
    return req.attach('image', file, { filename: name, contentType });
  };

  describe('access', () => {
    it('needs a signed-in user', async () => {
      const res = await analyze(undefined, photo()).expect(401);
      expect(res.body).toMatchObject({ success: false, statusCode: 401, error: 'Please sign in to continue.', analysis: null });
      expect(res.body.requestId).toEqual(expect.any(String));
      await t.http().post('/api/scans/exif/strip').attach('image', photo(), 'a.jpg').expect(401);
      // The caller is checked before the upload is read: a form multer would refuse (a file in
      // another field) is still a 401 for a stranger, and a 400 only for a signed-in user.
      await t.http().post('/api/scans/exif/analyze').set('X-Forwarded-For', freshIp()).attach('other', photo(), 'a.jpg').expect(401);
      const signedIn = await t.http().post('/api/scans/exif/analyze').set('X-Forwarded-For', freshIp()).set('Authorization', `Bearer ${user.accessToken}`).attach('other', photo(), 'a.jpg').expect(400);
      expect(signedIn.body).toMatchObject({ success: false, statusCode: 400, analysis: null });
    });

    it('accepts a personal API token', async () => {
      const created = await t.http().post('/api/auth/tokens').set('Authorization', `Bearer ${user.accessToken}`).send({ name: 'exif script' }).expect(201);
      const res = await analyze(created.body.token, photo()).expect(200);
      expect(res.body.success).toBe(true);
    });
  });

  describe('analysis', () => {
    it("answers the spec's shape with findings, redacted values and a red risk score", async () => {
      const res = await analyze(user.accessToken, photo()).expect(200);
      expect(res.body).toEqual({
        success: true,
        error: null,
        analysis: { riskScore: expect.any(Number), findings: expect.any(Array), imageType: 'jpeg', strip: CLEANABLE },
        scanId: expect.any(String),
      });
      const { riskScore, findings } = res.body.analysis as { riskScore: number; findings: Array<Record<string, unknown>> };
      expect(riskScore).toBeGreaterThanOrEqual(70);
      for (const f of findings) {
        expect(f).toEqual({
          description: expect.any(String),
          redactedValue: expect.any(String),
          recommendation: expect.any(String),
          severity: expect.stringMatching(/^(high|medium|low)$/),
          category: expect.any(String),
          sources: expect.any(Array),
        });
      }
      const byCategory = (c: string) => findings.filter((f) => f.category === c);
      expect(byCategory('location')[0]).toMatchObject({ severity: 'high', redactedValue: '48.86, 2.29' });
      expect(byCategory('serial_number').map((f) => f.redactedValue)).toEqual(expect.arrayContaining(['••••••••6789', '•••••0138']));
      expect(byCategory('contact_details')[0].redactedValue).toBe('j•••@e•••.com');
      expect(byCategory('capture_time')[0].redactedValue).toBe('2021-06-01 12:30:45 UTC+02:00');
      expect(byCategory('embedded_image')).toHaveLength(1);
      expect(byCategory('comments')[0].redactedValue).toBe('a private note');
      // Nothing in the answer repeats a full serial, email or coordinate.
      const text = JSON.stringify(res.body);
      for (const secret of ['SN-0123456789', '330100138', 'jane@example.com', '48.858']) expect(text).not.toContain(secret);
    });

    it("stores the check in the user's history with the file name only", async () => {
      const res = await analyze(user.accessToken, photo(), 'Ferien am Meer.jpg').expect(200);
      const record = await t.http().get(`/api/scans/${res.body.scanId}`).set('Authorization', `Bearer ${user.accessToken}`).expect(200);
      // Outside its own widget an image check shows a risk level (its score's band: 70 red/high,
      // 40 yellow/medium, else green/low), never a score next to privacy scores.
      const { riskScore, findings } = res.body.analysis as { riskScore: number; findings: { category: string }[] };
      const location = findings.filter((f) => ['location', 'place_names'].includes(f.category)).length;
      expect(record.body).toMatchObject({
        scanType: 'image',
        inputType: 'image',
        input: 'Ferien am Meer.jpg',
        status: 'completed',
        // Outside the image widget, a labelled level rather than a number beside privacy scores.
        score: null,
        imageRiskLevel: riskScore >= 70 ? 'high' : riskScore >= 40 ? 'medium' : 'low',
        findings: { locationData: location, metadata: findings.length - location },
        result: res.body.analysis,
      });
      expect(location).toBeGreaterThan(0);
      const rows = await query<{ result: unknown }>(t, 'SELECT result FROM scans WHERE id = $1', [res.body.scanId]);
      // What is stored is the redacted analysis the user saw, not the values themselves.
      for (const secret of ['SN-0123456789', '330100138', 'jane@example.com', 'Jane Doe']) expect(JSON.stringify(rows[0].result)).not.toContain(secret);
      const list = await t.http().get('/api/scans').set('Authorization', `Bearer ${user.accessToken}`).expect(200);
      expect(list.body.items.map((i: { id: string }) => i.id)).toContain(res.body.scanId);
    });

    it('writes the history line before answering: checks sent at once all land, each listed to its owner at once', async () => {
      const owner = await signUp(t);
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => analyze(owner.accessToken, photo(), `batch-${i}.jpg`).expect(200)));
      const ids = answers.map((res) => res.body.scanId as string);
      expect(new Set(ids).size).toBe(12);
      const list = await t.http().get('/api/scans?pageSize=50').set('Authorization', `Bearer ${owner.accessToken}`).expect(200);
      expect(list.body.items.map((i: { id: string }) => i.id).sort()).toEqual([...ids].sort());
      const rows = await query<{ input: string }>(t, 'SELECT input FROM scans WHERE user_id = $1 ORDER BY input', [owner.userId]);
      expect(rows.map((r) => r.input)).toEqual(Array.from({ length: 12 }, (_, i) => `batch-${i}.jpg`).sort());
    });

    it('finds nothing in a clean image: score 0, no findings', async () => {
      const res = await analyze(user.accessToken, Buffer.from(tinyJpeg())).expect(200);
      expect(res.body.analysis).toEqual({ riskScore: 0, findings: [], imageType: 'jpeg', strip: CLEANABLE });
    });

    it('reads PNG text metadata', async () => {
      const png = Buffer.from(grayPng({ before: [tEXt('Author', 'Jane Doe'), tEXt('parameters', 'a castle at dusk, Steps: 30, Seed: 7')] }));
      const res = await analyze(user.accessToken, png, 'art.png', 'image/png').expect(200);
      const categories = res.body.analysis.findings.map((f: { category: string }) => f.category);
      expect(categories).toEqual(expect.arrayContaining(['owner_identity', 'ai_generation']));
    });

  });

  describe('upload rules', () => {
    it('decides the type by magic bytes, not by the name or the declared type', async () => {
      const png = Buffer.from(grayPng({ before: [tEXt('Author', 'Jane Doe')] }));
      const res = await analyze(user.accessToken, png, 'looks-like.jpg', 'image/jpeg').expect(200);
      expect(res.body.analysis.imageType).toBe('png');

      const bitmap = Buffer.from(ascii('BM6\x00\x00\x00\x00\x00\x00\x006\x00'));
      const refused = await analyze(user.accessToken, bitmap, 'photo.jpg', 'image/jpeg').expect(415);
      expect(refused.body).toMatchObject({ success: false, statusCode: 415, error: TYPE_MESSAGE, analysis: null });
      await analyze(user.accessToken, Buffer.from('just text'), 'photo.png', 'image/png').expect(415);
    });

    it('checks an iPhone HEIC, and refuses BigTIFF with a message naming it', async () => {
      const heic = Buffer.from(iphoneLikeHeic({ exif: cameraExif(), xmp: xmpPacket({ creator: 'Jane Doe' }) }));
      const res = await analyze(user.accessToken, heic, 'IMG_0001.HEIC', 'image/heic').expect(200);
      expect(res.body.analysis).toMatchObject({ imageType: 'heic', strip: CLEANABLE });
      expect(res.body.analysis.findings.map((f: { category: string }) => f.category)).toEqual(expect.arrayContaining(['location', 'owner_identity', 'serial_number', 'embedded_image']));
      const bigTiff = Buffer.from([0x49, 0x49, 0x2b, 0, 8, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0]);
      const refused = await analyze(user.accessToken, bigTiff, 'scan.tif', 'image/tiff').expect(415);
      expect(refused.body.error).toMatch(/^BigTIFF files are not supported/);
    });

    it('refuses 10 MB + 1 byte with the size message and accepts exactly 10485760 bytes', async () => {
      expect(MAX_IMAGE_BYTES).toBe(10_485_760);
      const tooBig = await analyze(user.accessToken, jpegOfSize(MAX_IMAGE_BYTES + 1)).expect(413);
      expect(tooBig.body).toMatchObject({ success: false, statusCode: 413, error: SIZE_MESSAGE });
      const exact = await analyze(user.accessToken, jpegOfSize(MAX_IMAGE_BYTES)).expect(200);
      expect(exact.body.analysis.findings.map((f: { category: string }) => f.category)).toEqual(['embedded_image']);
    });

    it('reads a body that arrives in pieces, or chunked, as one that arrives whole', async () => {
      const file = photo();
      const server = t.app.getHttpServer() as http.Server;
      if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const boundary = 'fp-pieces';
      const form = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="holiday.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const send = (headers: Record<string, string | number>, inPieces: boolean) =>
        new Promise<{ status: number; body: { analysis: unknown } }>((resolve, reject) => {
          const req = http.request(
            { host: '127.0.0.1', port, agent: false, method: 'POST', path: '/api/scans/exif/analyze', headers: { authorization: `Bearer ${user.accessToken}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-forwarded-for': freshIp(), ...headers } },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
            },
          );
          req.on('error', reject);
          if (!inPieces) return req.end(form);
          req.write(form.subarray(0, 100));
          setTimeout(() => req.end(form.subarray(100)), 50);
        });
      const whole = await send({ 'content-length': form.length }, false);
      expect(whole.status).toBe(200);
      const framings: Record<string, string | number>[] = [{ 'content-length': form.length }, { 'transfer-encoding': 'chunked' }];
      for (const headers of framings) {
        const pieces = await send(headers, true);
        expect(pieces.status).toBe(200);
        expect(pieces.body.analysis).toEqual(whole.body.analysis);
      }
    });

    it('asks for a file when the form has none or has it in another field, and refuses a damaged image', async () => {
      const none = await t.http().post('/api/scans/exif/analyze').set('Authorization', `Bearer ${user.accessToken}`).field('note', 'x').expect(400);
      expect(none.body).toMatchObject({ success: false, error: 'Please choose an image to upload (form field "image")' });
      // A file in another field: the same message, which names the field to use.
      const elsewhere = await t.http().post('/api/scans/exif/strip').set('Authorization', `Bearer ${user.accessToken}`).attach('picture', photo(), 'a.jpg').expect(400);
      expect(elsewhere.body).toMatchObject({ success: false, error: 'Please choose an image to upload (form field "image")' });
      const damaged = Buffer.from(concat(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x01]), new Uint8Array(100)));
      const res = await analyze(user.accessToken, damaged).expect(422);
      expect(res.body).toMatchObject({ success: false, error: 'This image file is damaged and its metadata could not be read' });
    });

    it('writes nothing to disk while handling uploads', async () => {
      const spies = [
        jest.spyOn(fs, 'createWriteStream'),
        jest.spyOn(fs, 'writeFile'),
        jest.spyOn(fs, 'writeFileSync'),
        jest.spyOn(fs, 'open'),
        jest.spyOn(fs, 'openSync'),
        jest.spyOn(fs, 'mkdtemp'),
        jest.spyOn(fs.promises, 'writeFile'),
        jest.spyOn(fs.promises, 'open'),
      ];
      try {
        await analyze(user.accessToken, photo()).expect(200);
        await t.http().post('/api/scans/exif/strip').set('Authorization', `Bearer ${user.accessToken}`).attach('image', photo(), 'a.jpg').expect(200);
        await analyze(user.accessToken, jpegOfSize(MAX_IMAGE_BYTES + 1)).expect(413);
        for (const spy of spies) expect(spy).not.toHaveBeenCalled();
      } finally {
        for (const spy of spies) spy.mockRestore();
      }
    });
  });

  describe('strip', () => {
    /** POST strip, with the answer's bytes as the body. */
    const strip = (input: Buffer, filename: string, contentType: string) =>
      t
        .http()
        .post('/api/scans/exif/strip')
        .set('Authorization', `Bearer ${user.accessToken}`)
        .attach('image', input, { filename, contentType })
        .buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        });

    it('answers the cleaned file as an attachment named <name>-clean.<ext>', async () => {
      const input = photo();
      const res = await strip(input, 'holiday.JPG', 'image/jpeg').expect(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="?holiday-clean\.JPG"?$/);
      const expected = stripMetadata(new Uint8Array(input)).bytes;
      expect(Buffer.compare(res.body as Buffer, Buffer.from(expected))).toBe(0);
      // And the stripped file has nothing left to report.
      const again = await analyze(user.accessToken, res.body as Buffer).expect(200);
      expect(again.body.analysis).toEqual({ riskScore: 0, findings: [], imageType: 'jpeg', strip: CLEANABLE });
    });

    it('cleans a HEIC and answers it as image/heic', async () => {
      const input = Buffer.from(iphoneLikeHeic({ exif: cameraExif() }));
      const res = await strip(input, 'IMG_0002.HEIC', 'image/heic').expect(200);
      expect(res.headers['content-type']).toBe('image/heic');
      expect(res.headers['content-disposition']).toMatch(/IMG_0002-clean\.HEIC/);
      const again = await analyze(user.accessToken, res.body as Buffer).expect(200);
      expect(again.body.analysis).toEqual({ riskScore: 0, findings: [], imageType: 'heic', strip: CLEANABLE });
    });

    it('says when a file cannot be cleaned, why, and what to do', async () => {
      // A TIFF whose image data lies outside the file: readable metadata, nothing a strip could copy.
      const tiff = Buffer.from(rgbTiff({ tags: { 0x010f: { type: 'ascii', value: 'Canon' }, 273: { type: 'long', value: [999999] }, 279: { type: 'long', value: [144] } } }));
      const res = await analyze(user.accessToken, tiff, 'scan.tif', 'image/tiff').expect(200);
      expect(res.body.analysis.strip).toEqual({ possible: false, message: expect.stringMatching(/^'Strip Metadata' cannot clean this file .*TIFF image data lies outside the file.*export or save a new copy/) });
      await t.http().post('/api/scans/exif/strip').set('Authorization', `Bearer ${user.accessToken}`).attach('image', tiff, 'scan.tif').expect(422);
    });

    it('applies the same upload rules', async () => {
      const res = await t.http().post('/api/scans/exif/strip').set('Authorization', `Bearer ${user.accessToken}`).attach('image', Buffer.from('BM6.........'), 'x.bmp').expect(415);
      expect(res.body.error).toBe(TYPE_MESSAGE);
    });
  });
});

// Its own app, started after the other one has closed: passport's strategy registry is global to
// the process, so two apps at once would share the last one's database connection.
describe('image metadata check: logs', () => {
  it('does not log the file name or anything from the image', async () => {
    const logs = captureLogs();
    const logged = await createTestApp({}, { logger: logs.logger });
    try {
      const someone = await signUp(logged);
      await request(logged.app.getHttpServer())
        .post('/api/scans/exif/analyze')
        .set('Authorization', `Bearer ${someone.accessToken}`)
        .attach('image', photo(), 'secret-trip-name.jpg')
        .expect(200);
      const text = logs.lines.join('\n');
      expect(text).toContain('/api/scans/exif/analyze');
      for (const secret of ['secret-trip-name', 'Jane Doe', 'SN-0123456789', 'jane@example.com', 'private note']) expect(text).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});
