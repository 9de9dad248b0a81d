import { randomUUID } from 'node:crypto';
import { query, signUp } from '../support/auth';
import { createTestApp, TestApp } from '../support/test-app';

/** GET /api/scans as the history page reads it: every scan, newest first, filtered by kind and input. */
describe('scan history filters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const ROWS: [scanType: string, input: string, inputType: string][] = [
    ['privacy', 'jane@example.com', 'email'],
    ['privacy', 'https://example.com/', 'url'],
    ['privacy', '@jane_doe', 'social'],
    ['privacy', 'https://instagram.com/jane', 'instagram'],
    ['image', 'holiday_100%.jpg', 'image'],
    ['privacy', 'janeXdoe@example.org', 'email'],
  ];

  async function seed(userId: string): Promise<void> {
    const base = Date.parse('2026-01-01T00:00:00Z');
    for (const [i, [scanType, input, inputType]] of ROWS.entries()) {
      await query(
        t,
        `INSERT INTO scans (id, user_id, scan_type, input, input_type, status, started_at, completed_at) VALUES ($1, $2, $3, $4, $5, 'completed', $6, $6)`,
        [randomUUID(), userId, scanType, input, inputType, new Date(base + i * 60_000)],
      );
    }
  }

  const list = (token: string, qs: string) => t.http().get(`/api/scans${qs}`).auth(token, { type: 'bearer' });
  const inputs = (body: { items: { input: string }[] }) => body.items.map((s) => s.input);

  it('filters by kind and by a piece of the input (any case, wildcards as themselves), newest first, counting the filtered list', async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    await seed(user.userId);
    await seed(other.userId);

    const all = (await list(user.accessToken, '?pageSize=100').expect(200)).body;
    expect(all.total).toBe(ROWS.length);
    expect(inputs(all)).toEqual(ROWS.map((r) => r[1]).reverse());

    expect(inputs((await list(user.accessToken, '?kind=email').expect(200)).body)).toEqual(['janeXdoe@example.org', 'jane@example.com']);
    expect(inputs((await list(user.accessToken, '?kind=website').expect(200)).body)).toEqual(['https://example.com/']);
    expect(inputs((await list(user.accessToken, '?kind=handle').expect(200)).body)).toEqual(['https://instagram.com/jane', '@jane_doe']);
    expect(inputs((await list(user.accessToken, '?kind=image').expect(200)).body)).toEqual(['holiday_100%.jpg']);

    expect(inputs((await list(user.accessToken, '?input=EXAMPLE.COM').expect(200)).body)).toEqual(['https://example.com/', 'jane@example.com']);
    // '_' and '%' match only themselves: 'jane_doe' does not match 'janeXdoe'.
    expect(inputs((await list(user.accessToken, '?input=jane_doe').expect(200)).body)).toEqual(['@jane_doe']);
    expect(inputs((await list(user.accessToken, `?input=${encodeURIComponent('100%')}`).expect(200)).body)).toEqual(['holiday_100%.jpg']);

    const both = (await list(user.accessToken, '?kind=email&input=example.org&page=1&pageSize=1').expect(200)).body;
    expect(both).toMatchObject({ total: 1, page: 1, pageSize: 1 });
    expect(inputs(both)).toEqual(['janeXdoe@example.org']);

    const paged = (await list(user.accessToken, '?kind=handle&page=2&pageSize=1').expect(200)).body;
    expect(paged).toMatchObject({ total: 2, page: 2 });
    expect(inputs(paged)).toEqual(['@jane_doe']);
  });

  it('refuses an unknown kind and an overlong input filter', async () => {
    const user = await signUp(t);
    expect((await list(user.accessToken, '?kind=phone').expect(400)).body.error).toBe('kind must be one of email, website, handle, image');
    await list(user.accessToken, `?input=${'x'.repeat(3000)}`).expect(400);
  });
});
