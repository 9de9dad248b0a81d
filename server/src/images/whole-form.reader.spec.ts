import { ascii, concat, grayPng, uploadForm } from '../../../test/support/image-fixtures';
import { compareUploadReaders } from '../../../test/support/upload-forms';
import { readWholeForm } from './whole-form.reader';

const LIMIT = 10 * 1024 * 1024;
const png = grayPng();

/** A one-part form written by hand: the part's header lines, its content, and what follows the closing delimiter. */
function handForm(boundary: string, headers: string[], content: Uint8Array = png, options: { preamble?: string; epilogue?: string; more?: string } = {}): Uint8Array {
  return concat(
    ascii(options.preamble ?? ''),
    ascii(`--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n`),
    content,
    ascii(`\r\n--${boundary}${options.more ?? ''}--${options.epilogue ?? '\r\n'}`),
  );
}
const FILE_HEADERS = ['Content-Disposition: form-data; name="image"; filename="holiday.png"', 'Content-Type: image/png'];
const type = (boundary: string) => `multipart/form-data; boundary=${boundary}`;

/** Reads a form with the fast path and with multer: they must agree; answers which reader took it. */
async function readerOf(body: Uint8Array, contentType: string | undefined): Promise<'fast' | 'multer'> {
  const compared = await compareUploadReaders(body, contentType);
  expect(compared.problem).toBeUndefined();
  return compared.reader;
}

describe('readWholeForm (the image routes\' fast path)', () => {
  it('reads the forms that browsers, curl, undici and Python send for one file, exactly as multer does', async () => {
    const forms: Array<[string, Uint8Array]> = [
      // Chrome and Safari
      [type('----WebKitFormBoundaryu7J3kBa9Xq1ZfM2c'), handForm('----WebKitFormBoundaryu7J3kBa9Xq1ZfM2c', FILE_HEADERS)],
      // Firefox
      [type('----geckoformboundary3c1b5a0e8f9d'), handForm('----geckoformboundary3c1b5a0e8f9d', FILE_HEADERS)],
      // curl -F
      [type('------------------------d74496d66958873e'), handForm('------------------------d74496d66958873e', ['Content-Disposition: form-data; name="image"; filename="holiday.png"', 'Content-Type: image/png'])],
      // Python requests
      [type('a3f5c0b7e2d94c1e8b6a'), handForm('a3f5c0b7e2d94c1e8b6a', ['Content-Disposition: form-data; name="image"; filename="holiday.png"', 'Content-Type: image/png'])],
      // a quoted boundary, filename before name, lower-case header names, no line break at the end
      ['multipart/form-data; boundary="quoted:b=1"', handForm('quoted:b=1', ['content-disposition: form-data; filename="a.png"; name="image"', 'content-type: IMAGE/PNG'], png, { epilogue: '' })],
    ];
    const browser = await uploadForm(png, { fileName: 'café ☕.png', type: 'image/png' });
    forms.push([browser.contentType, browser.body]);
    for (const [contentType, body] of forms) expect(await readerOf(body, contentType)).toBe('fast');

    const read = readWholeForm(Buffer.from(browser.body), browser.contentType, 'image', LIMIT);
    expect(read).toMatchObject({ fieldname: 'image', originalname: 'café ☕.png', mimetype: 'image/png', encoding: '7bit', size: png.length });
    expect(Buffer.compare(read!.buffer, png)).toBe(0);
  });

  it('keeps file bytes that look like line breaks or delimiters, and an empty file', async () => {
    const tricky = concat(png, ascii('\r\n--not-the-boundary\r\n\r\n--boun'));
    const form = handForm('boundary', FILE_HEADERS, tricky);
    expect(await readerOf(form, type('boundary'))).toBe('fast');
    expect(Buffer.compare(readWholeForm(Buffer.from(form), type('boundary'), 'image', LIMIT)!.buffer, tricky)).toBe(0);
    expect(await readerOf(handForm('b', FILE_HEADERS, new Uint8Array(0)), type('b'))).toBe('fast');
  });

  it('leaves every other shape to multer, and agrees with what multer makes of each', async () => {
    const disposition = (parameters: string) => [`Content-Disposition: form-data; ${parameters}`, 'Content-Type: image/png'];
    const declined: Array<[string, string | undefined, Uint8Array]> = [
      ['a preamble', type('b'), handForm('b', FILE_HEADERS, png, { preamble: 'hello\r\n' })],
      ['an epilogue', type('b'), handForm('b', FILE_HEADERS, png, { epilogue: '\r\nbye\r\n' })],
      ['a second part', type('b'), handForm('b', FILE_HEADERS, png, { more: '\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--b' })],
      ['no closing delimiter', type('b'), concat(ascii('--b\r\n'), ascii(`${FILE_HEADERS.join('\r\n')}\r\n\r\n`), png)],
      ['another field', type('b'), handForm('b', disposition('name="picture"; filename="a.png"'))],
      ['a text field', type('b'), handForm('b', ['Content-Disposition: form-data; name="image"'])],
      ['an empty file name', type('b'), handForm('b', disposition('name="image"; filename=""'))],
      ['filename*', type('b'), handForm('b', disposition(`name="image"; filename*=UTF-8''caf%C3%A9.png`))],
      ['a path', type('b'), handForm('b', disposition('name="image"; filename="C:\\\\photos\\\\a.png"'))],
      ['a slash', type('b'), handForm('b', disposition('name="image"; filename="photos/a.png"'))],
      ['a percent escape', type('b'), handForm('b', disposition('name="image"; filename="a%22b.png"'))],
      ['a dot', type('b'), handForm('b', disposition('name="image"; filename=".."'))],
      ['an unquoted parameter', type('b'), handForm('b', disposition('name=image; filename="a.png"'))],
      ['another parameter', type('b'), handForm('b', disposition('name="image"; filename="a.png"; size="3"'))],
      ['a repeated parameter', type('b'), handForm('b', disposition('name="image"; name="image"; filename="a.png"'))],
      ['no part Content-Type', type('b'), handForm('b', [FILE_HEADERS[0]])],
      ['a part Content-Type with parameters', type('b'), handForm('b', [FILE_HEADERS[0], 'Content-Type: image/png; q=1'])],
      ['another part header', type('b'), handForm('b', [...FILE_HEADERS, 'Content-Transfer-Encoding: binary'])],
      ['a repeated part header', type('b'), handForm('b', [...FILE_HEADERS, 'Content-Type: image/png'])],
      ['trailing white space', type('b'), handForm('b', [FILE_HEADERS[0], 'Content-Type: image/png '])],
      ['a folded header', type('b'), handForm('b', ['Content-Disposition: form-data;', ' name="image"; filename="a.png"', FILE_HEADERS[1]])],
      ['LF line ends', type('b'), ascii(`--b\n${FILE_HEADERS.join('\n')}\n\n${'x'}\n--b--\n`)],
      ['no request Content-Type', undefined, handForm('b', FILE_HEADERS)],
      ['another boundary', type('c'), handForm('b', FILE_HEADERS)],
      ['request Content-Type parameters', `${type('b')}; charset=utf-8`, handForm('b', FILE_HEADERS)],
      ['multipart/mixed', 'multipart/mixed; boundary=b', handForm('b', FILE_HEADERS)],
      ['a boundary too long', type('x'.repeat(71)), handForm('x'.repeat(71), FILE_HEADERS)],
      ['nothing', type('b'), new Uint8Array(0)],
    ];
    for (const [label, contentType, body] of declined) {
      expect([label, readWholeForm(Buffer.from(body), contentType, 'image', LIMIT)]).toEqual([label, undefined]);
      expect([label, await readerOf(body, contentType)]).toEqual([label, 'multer']);
    }
    // A file over the size limit is multer's to refuse (413).
    expect(readWholeForm(Buffer.from(handForm('b', FILE_HEADERS)), type('b'), 'image', png.length - 1)).toBeUndefined();
  });
});
