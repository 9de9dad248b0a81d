import '../test-setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { IMAGE_ACCEPT, MAX_IMAGE_BYTES } from '@browser-shared/metadata-strip/image-upload.rules';
import { stripMetadata } from '@browser-shared/metadata-strip/metadata.stripper';
import { iphoneLikeHeic } from '../../../test/support/heif-fixtures';
import { ascii, concat, exifApp1, exifTiff, jpegWith, tinyJpeg } from '../../../test/support/image-fixtures';
import { setAccessToken, setSessionRefresher } from '../api/client';
import { renderWithProviders, signedIn } from '../test-utils';
import { riskTone } from './exif-display';
import type { ExifAnalysisResponse } from './exif-upload';
import ExifCheckWidget, { STRIP_FAILED } from './ExifCheckWidget';

/** A stand-in for XMLHttpRequest that the test drives: upload progress, then the answer. */
class FakeXhr {
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: { onprogress?: (e: ProgressEvent) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  ontimeout?: () => void;

  constructor() {
    FakeXhr.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent));
  }
  uploaded() {
    act(() => this.upload.onload?.());
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    act(() => this.onload?.());
  }
  fail() {
    act(() => this.onerror?.());
  }
}

const realXhr = globalThis.XMLHttpRequest;
beforeEach(() => {
  FakeXhr.all = [];
  (globalThis as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
  setAccessToken('access-1');
});
afterEach(() => {
  (globalThis as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = realXhr;
  setAccessToken(undefined);
  setSessionRefresher(undefined);
});

const PHOTO = jpegWith(tinyJpeg(), [exifApp1(exifTiff({ make: 'Canon', artist: 'Jane Doe', orientation: 6, gps: { latitude: 1.5, longitude: 2.5 } }))]);
const photoFile = (name = 'holiday.jpg', bytes: Uint8Array = PHOTO) => new File([bytes as BlobPart], name, { type: 'image/jpeg' });

function analysisResponse(riskScore = 75, strip: ExifAnalysisResponse['analysis']['strip'] = { possible: true, message: null }): ExifAnalysisResponse {
  return {
    success: true,
    error: null,
    scanId: 'scan-1',
    analysis: {
      riskScore,
      imageType: 'jpeg',
      strip,
      findings: [
        {
          category: 'location',
          severity: 'high',
          description: 'GPS coordinates of where the photo was taken, shown here rounded to about 1 km (EXIF GPS)',
          redactedValue: '1.50, 2.50',
          recommendation: 'Anyone with the file can see where it was taken.',
          sources: ['EXIF GPS'],
        },
        {
          category: 'device',
          severity: 'low',
          description: 'Camera make and model (EXIF Make)',
          redactedValue: 'Canon',
          recommendation: 'The device model narrows down who took the photo.',
          sources: ['EXIF Make'],
        },
      ],
    },
  };
}

const input = () => screen.getByTestId('exif-file-input') as HTMLInputElement;
const zone = () => screen.getByTestId('exif-drop-zone');
const choose = (file: File) => fireEvent.change(input(), { target: { files: [file] } });
const render = () => renderWithProviders(<ExifCheckWidget />, { auth: signedIn(), path: '/dashboard' });
const lastXhr = () => FakeXhr.all[FakeXhr.all.length - 1];

async function uploadAndAnswer(response: unknown, status = 200, file = photoFile()) {
  render();
  choose(file);
  await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
  lastXhr().uploaded();
  lastXhr().respond(status, response);
}

describe('ExifCheckWidget', () => {
  it('starts with the title, the drop zone and the upload button', () => {
    render();
    expect(screen.getByRole('heading', { name: 'EXIF Privacy Check' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Image drop zone' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload Image' })).toBeTruthy();
    expect(input().accept).toBe(IMAGE_ACCEPT);
  });

  it('highlights the drop zone on drag enter and over, and un-highlights it on leave and drop', async () => {
    render();
    expect(zone().dataset.highlighted).toBe('false');
    fireEvent.dragEnter(zone());
    expect(zone().dataset.highlighted).toBe('true');
    fireEvent.dragLeave(zone());
    expect(zone().dataset.highlighted).toBe('false');
    fireEvent.dragOver(zone());
    expect(zone().dataset.highlighted).toBe('true');
    fireEvent.dragLeave(zone());
    expect(zone().dataset.highlighted).toBe('false');
    fireEvent.dragEnter(zone());
    // Moving onto a child of the zone (enter the child, then leave the zone) is not leaving it.
    fireEvent.dragEnter(screen.getByRole('button', { name: 'Upload Image' }));
    fireEvent.dragLeave(zone());
    expect(zone().dataset.highlighted).toBe('true');
    fireEvent.drop(zone(), { dataTransfer: { files: [photoFile()] } });
    expect(zone().dataset.highlighted).toBe('false');
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1)); // the dropped file is uploaded
  });

  it('opens the file chooser from the upload button', () => {
    render();
    const click = jest.spyOn(input(), 'click');
    fireEvent.click(screen.getByRole('button', { name: 'Upload Image' }));
    expect(click).toHaveBeenCalled();
  });

  it.each([
    ['a bitmap named .jpg', new File([ascii('BM6..........') as BlobPart], 'photo.jpg', { type: 'image/jpeg' })],
    ['an MP4 video', new File([concat(new Uint8Array([0, 0, 0, 0x18]), ascii('ftypisom'), new Uint8Array(12)) as BlobPart], 'clip.heic', { type: 'image/heic' })],
    ['a text file', new File(['hello'], 'notes.png', { type: 'image/png' })],
  ])('refuses %s before any upload, with the type message', async (_label, file) => {
    render();
    choose(file);
    expect((await screen.findByRole('alert')).textContent).toContain('Please upload a JPEG, PNG, TIFF, WebP, HEIC, AVIF, or GIF image');
    expect(FakeXhr.all).toHaveLength(0);
  });

  it('refuses a BigTIFF before any upload, naming it', async () => {
    render();
    choose(new File([new Uint8Array([0x49, 0x49, 0x2b, 0, 8, 0, 0, 0, 16, 0, 0, 0, 0, 0, 0, 0]) as BlobPart], 'scan.tif', { type: 'image/tiff' }));
    expect((await screen.findByRole('alert')).textContent).toContain('BigTIFF files are not supported yet');
    expect(FakeXhr.all).toHaveLength(0);
  });

  it('offers HEIC, AVIF and GIF in the file chooser, by type and by extension', () => {
    render();
    for (const accepted of ['image/heic', '.heic', '.heif', 'image/avif', 'image/gif', 'image/jpeg']) expect(input().accept.split(',')).toContain(accepted);
  });

  it('refuses a file over 10 MB before any upload, with the size message', async () => {
    render();
    choose(photoFile('big.jpg', concat(tinyJpeg(), new Uint8Array(MAX_IMAGE_BYTES))));
    expect((await screen.findByRole('alert')).textContent).toContain('File too large. Maximum size is 10MB');
    expect(FakeXhr.all).toHaveLength(0);
  });

  it("uploads with the bearer token ('Uploading...' and a progress bar), then 'Analyzing image metadata...', then the results", async () => {
    render();
    choose(photoFile());
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    const xhr = lastXhr();
    expect([xhr.method, xhr.url, xhr.headers.Authorization]).toEqual(['POST', '/api/scans/exif/analyze', 'Bearer access-1']);
    expect((xhr.body as FormData).get('image')).toBeInstanceOf(File);

    const button = screen.getByRole('button', { name: 'Uploading...' });
    expect(button).toHaveProperty('disabled', true);
    xhr.progress(40, 100);
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('40%')).toBeTruthy();

    xhr.uploaded();
    expect(screen.getByRole('status').textContent).toContain('Analyzing image metadata...');
    expect(screen.queryByRole('progressbar')).toBeNull();

    xhr.respond(200, analysisResponse(75));
    await screen.findByRole('heading', { name: 'Risk Score for holiday.jpg' });
    const score = screen.getByTestId('exif-risk-score');
    expect(score.textContent).toContain('75');
    expect(score.dataset.tone).toBe('red');
    const findings = screen.getAllByTestId('exif-finding');
    expect(findings).toHaveLength(2);
    const first = within(findings[0]);
    expect(first.getByText(/GPS coordinates of where the photo was taken/)).toBeTruthy();
    expect(first.getByText('1.50, 2.50')).toBeTruthy();
    expect(first.getByText('Anyone with the file can see where it was taken.')).toBeTruthy();
    expect(first.getByText('High severity')).toBeTruthy();
    expect(within(findings[1]).getByText('Low severity')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Analyze Another' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Strip Metadata' })).toBeTruthy();
  });

  it('colours the risk score: 70 and above red, 40 to 69 yellow, below 40 green', async () => {
    expect([riskTone(100), riskTone(70), riskTone(69), riskTone(40), riskTone(39), riskTone(0)].map((t) => t.palette)).toEqual(['red', 'red', 'yellow', 'yellow', 'green', 'green']);
    await uploadAndAnswer(analysisResponse(45));
    expect((await screen.findByTestId('exif-risk-score')).dataset.tone).toBe('yellow');
  });

  it('says so when nothing was found', async () => {
    await uploadAndAnswer({ ...analysisResponse(0), analysis: { riskScore: 0, findings: [], imageType: 'png', strip: { possible: true, message: null } } });
    expect(await screen.findByText('No personal metadata found in this image.')).toBeTruthy();
    expect(screen.getByTestId('exif-risk-score').dataset.tone).toBe('green');
  });

  it.each([
    ['the response error text', 415, { success: false, statusCode: 415, error: 'Please upload a JPEG, PNG, TIFF, or WebP image', requestId: 'r', analysis: null }, 'Please upload a JPEG, PNG, TIFF, or WebP image'],
    ["'Analysis failed' when the answer has no error text", 500, '<html>oops</html>', 'Analysis failed'],
    ["'Analysis failed' for a response without success", 200, { success: false }, 'Analysis failed'],
  ])('shows %s', async (_label, status, body, message) => {
    await uploadAndAnswer(body, status);
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.getByRole('button', { name: 'Upload Image' })).toHaveProperty('disabled', false);
  });

  it("shows 'Network error. Please try again.' when the request cannot complete", async () => {
    render();
    choose(photoFile());
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    lastXhr().fail();
    expect((await screen.findByRole('alert')).textContent).toContain('Network error. Please try again.');
  });

  it('refreshes an expired access token once and uploads again', async () => {
    const refresher = jest.fn(async () => 'access-2');
    setSessionRefresher(refresher);
    render();
    choose(photoFile());
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    lastXhr().respond(401, { success: false, statusCode: 401, error: 'Please sign in to continue.' });
    await waitFor(() => expect(FakeXhr.all).toHaveLength(2));
    expect(lastXhr().headers.Authorization).toBe('Bearer access-2');
    lastXhr().respond(200, analysisResponse());
    await screen.findByTestId('exif-risk-score');
    expect(refresher).toHaveBeenCalledTimes(1);
  });

  it("'Analyze Another' returns to the upload view", async () => {
    await uploadAndAnswer(analysisResponse());
    fireEvent.click(await screen.findByRole('button', { name: 'Analyze Another' }));
    expect(screen.getByRole('heading', { name: 'EXIF Privacy Check' })).toBeTruthy();
    expect(screen.queryByTestId('exif-risk-score')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Upload Image' })));
  });

  describe('Strip Metadata', () => {
    let blobs: Blob[];
    let downloads: string[];
    beforeEach(() => {
      blobs = [];
      downloads = [];
      URL.createObjectURL = jest.fn((blob: Blob) => {
        blobs.push(blob);
        return `blob:test/${blobs.length}`;
      }) as typeof URL.createObjectURL;
      URL.revokeObjectURL = jest.fn();
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        downloads.push(this.download);
      });
    });
    afterEach(() => jest.restoreAllMocks());

    const bytes = (blob: Blob) =>
      new Promise<Uint8Array>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
        reader.readAsArrayBuffer(blob);
      });

    it('downloads <name>-clean.<ext>, made in the browser from the file in memory, without sending it again', async () => {
      await uploadAndAnswer(analysisResponse(), 200, photoFile('Holiday 2024.JPG'));
      fireEvent.click(await screen.findByRole('button', { name: 'Strip Metadata' }));
      await waitFor(() => expect(downloads).toEqual(['Holiday 2024-clean.JPG']));
      expect(FakeXhr.all).toHaveLength(1);
      expect(blobs[0].type).toBe('image/jpeg');
      const clean = await bytes(blobs[0]);
      expect(Buffer.compare(Buffer.from(clean), Buffer.from(stripMetadata(PHOTO).bytes))).toBe(0);
      expect(Buffer.from(clean).includes(Buffer.from('Jane Doe'))).toBe(false);
      expect((await screen.findByRole('status')).textContent).toContain('Downloaded Holiday 2024-clean.JPG');
    });

    it('cleans an iPhone HEIC in the browser, keeping the picture and dropping Exif, XMP and the thumbnail', async () => {
      const heic = iphoneLikeHeic({ exif: exifTiff({ make: 'Apple', artist: 'Jane Doe' }), xmp: '<x:xmpmeta>Jane Doe</x:xmpmeta>' });
      await uploadAndAnswer({ ...analysisResponse(), analysis: { ...analysisResponse().analysis, imageType: 'heic' } }, 200, new File([heic as BlobPart], 'IMG_0042.HEIC', { type: 'image/heic' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Strip Metadata' }));
      await waitFor(() => expect(downloads).toEqual(['IMG_0042-clean.HEIC']));
      expect(blobs[0].type).toBe('image/heic');
      const clean = await bytes(blobs[0]);
      expect(Buffer.compare(Buffer.from(clean), Buffer.from(stripMetadata(heic).bytes))).toBe(0);
      expect(Buffer.from(clean).includes(Buffer.from('Jane Doe'))).toBe(false);
    });

    it('when the analysis says the file cannot be cleaned, says why and what to do instead of offering the strip', async () => {
      const message = "'Strip Metadata' cannot clean this file without changing the picture: TIFF image data lies outside the file. Open it in a photo editor and export or save a new copy (that rewrites the file), then check the copy before sharing it.";
      await uploadAndAnswer(analysisResponse(75, { possible: false, message }));
      expect((await screen.findByTestId('exif-strip-unavailable')).textContent).toContain(message);
      expect(screen.queryByRole('button', { name: 'Strip Metadata' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Analyze Another' })).toBeTruthy();
    });

    it('says so when the file cannot be cleaned', async () => {
      const damaged = concat(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, 40]), new Uint8Array(8));
      await uploadAndAnswer(analysisResponse(), 200, photoFile('broken.jpg', damaged));
      fireEvent.click(await screen.findByRole('button', { name: 'Strip Metadata' }));
      expect((await screen.findByRole('alert')).textContent).toContain(STRIP_FAILED);
      expect(downloads).toEqual([]);
    });
  });
});
