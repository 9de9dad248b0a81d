import { tinyJpeg } from '../support/image-fixtures';
import { signUp } from '../support/auth';
import { createTestApp, TestApp } from '../support/test-app';

/** Upload file names are read as UTF-8, as browsers send them (raw bytes in filename="…"). */
describe('non-ASCII upload file names', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps café.jpg and 写真.jpg as written, in the history and in the cleaned copy\'s name', async () => {
    const user = await signUp(t);
    const bearer = { Authorization: `Bearer ${user.accessToken}` };
    for (const name of ['café.jpg', '写真.jpg']) {
      await t.http().post('/api/scans/exif/analyze').set(bearer).attach('image', Buffer.from(tinyJpeg()), name).expect(200);
    }
    const history = await t.http().get('/api/scans').set(bearer).expect(200);
    expect(history.body.items.map((s: { input: string }) => s.input).sort()).toEqual(['café.jpg', '写真.jpg'].sort());

    const strip = await t.http().post('/api/scans/exif/strip').set(bearer).attach('image', Buffer.from(tinyJpeg()), 'café.jpg').expect(200);
    expect(strip.headers['content-disposition']).toContain(`filename*=UTF-8''caf%C3%A9-clean.jpg`);
  });
});
