import { ascii, concat, grayPng, uploadForm } from '../../../../test/support/image-fixtures';
import { locateFormFile } from './form-file.locator';

const same = (a: Uint8Array | undefined, b: Uint8Array) => a !== undefined && Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;

/** A form written by hand, part by part, with CRLF line ends. */
function handForm(boundary: string, parts: Array<{ headers: string[]; body: Uint8Array }>, preamble = ''): Uint8Array {
  return concat(
    ascii(preamble),
    ...parts.flatMap((p) => [ascii(`--${boundary}\r\n${p.headers.join('\r\n')}\r\n\r\n`), p.body, ascii('\r\n')]),
    ascii(`--${boundary}--\r\n`),
  );
}

describe('locateFormFile (the fast lane prefetch guess)', () => {
  it("finds the image in forms as the platform's FormData writes them, after text fields too", async () => {
    const png = grayPng();
    expect(same(locateFormFile(await uploadForm(png), 'image'), png)).toBe(true);
    expect(same(locateFormFile(await uploadForm(png, { fields: { note: 'first', other: 'second' } }), 'image'), png)).toBe(true);
    expect(same(locateFormFile(await uploadForm(png, { fileName: 'name; with "quotes".png' }), 'image'), png)).toBe(true);
  });

  it('keeps file bytes that look like line breaks or delimiters, and an empty file', () => {
    const tricky = concat(grayPng(), ascii('\r\n--not-the-boundary\r\n\r\n--bound'));
    const form = handForm('bound-1', [{ headers: ['Content-Disposition: form-data; name="image"; filename="a.png"'], body: tricky }]);
    expect(same(locateFormFile(form, 'image'), tricky)).toBe(true);
    const empty = handForm('b', [{ headers: ['Content-Disposition: form-data; name="image"; filename="a.png"'], body: new Uint8Array(0) }]);
    expect(locateFormFile(empty, 'image')?.byteLength).toBe(0);
  });

  it('takes only a file part of the field: not a text field of that name, nor a file of another field', () => {
    const png = grayPng();
    const form = handForm('b', [
      { headers: ['Content-Disposition: form-data; name="image"'], body: ascii('a text field') },
      { headers: ['Content-Disposition: form-data; name="images"; filename="x.png"'], body: ascii('another field') },
      { headers: ['content-type: image/png', 'content-disposition: form-data; filename="p.png"; name="image"'], body: png },
    ]);
    expect(same(locateFormFile(form, 'image'), png)).toBe(true);
    expect(locateFormFile(handForm('b', [{ headers: ['Content-Disposition: form-data; name="image"'], body: png }]), 'image')).toBeUndefined();
  });

  it('makes no guess for what it does not read: a preamble, a cut-off or empty form, a boundary too long, no form at all', async () => {
    const part = { headers: ['Content-Disposition: form-data; name="image"; filename="a.png"'], body: grayPng() };
    expect(locateFormFile(handForm('b', [part], 'a preamble\r\n'), 'image')).toBeUndefined();
    const whole = await uploadForm(grayPng());
    expect(locateFormFile(whole.subarray(0, whole.length - 60), 'image')).toBeUndefined();
    expect(locateFormFile(new Uint8Array(0), 'image')).toBeUndefined();
    expect(locateFormFile(handForm('x'.repeat(71), [part]), 'image')).toBeUndefined();
    expect(locateFormFile(grayPng(), 'image')).toBeUndefined();
  });
});
