import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type request from 'supertest';
import { Clock } from '../../server/src/common/clock/clock.service';
import { SAMPLE_REPORT } from '../../server/src/reports/report.catalogue';
import { breachDetail } from '../../server/src/scans/analysis/email-breaches.analyzer';
import { REPORT_MESSAGES } from '../../server/src/reports/reports.dto';
import { REPORT_RATE_LIMITS } from '../../server/src/reports/reports-rate-limits.catalogue';
import { FINDING_RECOMMENDATIONS } from '../../server/src/vocabulary/recommendation.catalogue';
import { FakeDnsServer } from '../fakes/dns-server';
import { FakeGravatar } from '../fakes/gravatar';
import { FakeHibp, sampleBreach } from '../fakes/hibp';
import { awayFromWindowEdge, freshEmail, query, signUp, SignedUp } from '../support/auth';
import { cameraExif, exifApp1, jpegWith, tinyJpeg } from '../support/image-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * The dashboard's aggregates, the report (JSON, CSV, PDF) and their access rules, through the real
 * app: one real scan against the fakes, one real image check, and scans seeded straight into the
 * database. Expected figures are computed here from the stored rows, not by the code under test.
 */

interface StoredRow {
  id: string;
  scan_type: 'privacy' | 'image';
  input: string;
  status: string;
  score: number | null;
  result: Record<string, unknown> | null;
  started_at: Date;
}

const GROUPS = ['breaches', 'personalInfo', 'locationData', 'metadata', 'socialMedia'];
const DAY_MS = 24 * 3600_000;

/** Every finding's risk level in a stored result, read the way a person would read the JSON. */
function levelsOf(row: StoredRow): string[] {
  if (!row.result) return [];
  if (row.scan_type === 'image') return ((row.result.findings as { severity: string }[]) ?? []).map((f) => f.severity);
  return GROUPS.flatMap((g) => ((row.result![g] as { details: { risk: string }[] })?.details ?? []).map((d) => d.risk));
}

function binary(res: request.Response, callback: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'fp-report-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('dashboard and reports', () => {
  const hibp = new FakeHibp();
  const gravatar = new FakeGravatar();
  const dns = new FakeDnsServer();
  let t: TestApp;
  let owner: SignedUp;
  let other: SignedUp;
  let ownerEmail: string;

  const bearer = (user: SignedUp) => ({ Authorization: `Bearer ${user.accessToken}` });
  const setPlan = (user: SignedUp, tier: string) => query(t, `UPDATE users SET plan_tier = $1, plan_expires_at = NULL WHERE id = $2`, [tier, user.userId]);
  const rowsOf = (user: SignedUp) =>
    query<StoredRow>(t, `SELECT id, scan_type, input, status, score, result, started_at FROM scans WHERE user_id = $1 ORDER BY started_at DESC, id DESC`, [user.userId]);

  async function seed(
    user: SignedUp,
    scan: {
      scanType?: 'privacy' | 'image';
      input: string;
      status?: string;
      score?: number | null;
      riskLevel?: string;
      result?: ReturnType<typeof privacyResult>;
      /** An image check's analysis (stored as its result; its findings here are none). */
      image?: object;
      startedAt: Date;
    },
  ): Promise<string> {
    const id = randomUUID();
    const status = scan.status ?? 'completed';
    const findings = scan.result ? storedFindings(scan.result) : scan.image ? [] : undefined;
    const result = scan.result ?? scan.image;
    await query(
      t,
      `INSERT INTO scans (id, user_id, scan_type, input, input_type, status, score, risk_level, finding_counts, findings, result, started_at, completed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULL, $9, $10, $11, $12)`,
      [
        id,
        user.userId,
        scan.scanType ?? 'privacy',
        scan.input,
        scan.scanType === 'image' ? 'image' : 'email',
        status,
        scan.score ?? null,
        scan.riskLevel ?? null,
        findings === undefined ? null : JSON.stringify(findings),
        result === undefined ? null : JSON.stringify(result),
        scan.startedAt,
        status === 'running' ? null : scan.startedAt,
      ],
    );
    return id;
  }

  /** The findings column as a completed privacy scan stores it: each detail of each group, flat, written by hand here. */
  function storedFindings(result: ReturnType<typeof privacyResult>) {
    return GROUPS.flatMap((group) =>
      (result[group as 'breaches'].details as Record<string, unknown>[]).map((d) => {
        const { summary: description, observed: evidence = '' } = d.evidence as { summary: string; observed?: string };
        if (d.kind === 'breach') {
          const breach = { name: d.name, title: d.title, breachDate: d.breachDate, pwnCount: d.pwnCount, dataClasses: d.dataClasses, sources: d.sources };
          return { kind: 'breach', type: 'breach', group, value: `${d.title} (${d.breachDate})`, risk: d.risk, source: d.source, description, evidence, breach };
        }
        return { kind: 'risk', type: d.type, group, value: d.value, risk: d.risk, source: d.source, description, evidence };
      }),
    );
  }

  /** A privacy result as the pipeline stores it, with the given details per group. */
  function privacyResult(input: string, score: number, details: Record<string, object[]>, recommendations: unknown[] = []) {
    const group = (name: string) => ({ count: details[name]?.length ?? 0, details: details[name] ?? [], summary: '' });
    return {
      input,
      inputType: 'email',
      privacyScore: score,
      mode: 'real',
      breaches: { ...group('breaches'), hiddenSensitive: 0 },
      personalInfo: group('personalInfo'),
      locationData: group('locationData'),
      metadata: group('metadata'),
      socialMedia: group('socialMedia'),
      recommendations,
      checks: [],
      detailsIncluded: true,
      startedAt: new Date().toISOString(),
      completedAt: new Date().toISOString(),
    };
  }

  const oldBreach = breachDetail(
    sampleBreach({ Name: 'SupersededBreach', Title: 'Superseded Breach', Domain: 'superseded.example', BreachDate: '2015-01-01', PwnCount: 77, DataClasses: ['Email addresses'] }),
  );
  const formulaFinding = {
    kind: 'risk',
    type: 'page_email_address',
    value: '=HYPERLINK("http://evil.example","click")',
    source: 'Footprint website check',
    risk: 'high',
    evidence: { summary: 'An address, on the page, with a comma' },
  };

  beforeAll(async () => {
    await Promise.all([hibp.start(), gravatar.start(), dns.start()]);
    t = await createTestApp({ ...hibp.env, ...gravatar.env, ...dns.env, SCAN_CHECK_TIMEOUT_MS: '1500', SCAN_TIMEOUT_MS: '1500', FETCH_ALLOWED_PORTS: '9' });
    owner = await signUp(t);
    other = await signUp(t);

    // A real privacy scan: two breaches, a public Gravatar profile with a location, DNS findings.
    ownerEmail = freshEmail('reported');
    hibp.setBreaches(ownerEmail, [sampleBreach(), sampleBreach({ Name: 'NorthwindForum', Title: 'Northwind Forum', Domain: 'northwind.example', BreachDate: '2019-07-08' })]);
    gravatar.addProfile(ownerEmail, { display_name: 'Jane Example', location: 'Lisbon, Portugal' });
    dns.set(ownerEmail.split('@')[1], { MX: [{ exchange: 'mx.example.test', priority: 10 }], TXT: [['v=spf1 -all']] });
    const scan = await t.http().post('/api/scans').set(bearer(owner)).send({ input: ownerEmail }).expect(200);
    expect(scan.body.scanId).toBeDefined();

    // A real image check: a camera photo with GPS, owner name and serial numbers.
    await t
      .http()
      .post('/api/scans/exif/analyze')
      .set(bearer(owner))
      .attach('image', Buffer.from(jpegWith(tinyJpeg(), [exifApp1(cameraExif())])), 'harbour.jpg')
      .expect(200);
    // The check's history line is queued (up to 50 ms) for company; an owner's read writes it at once.
    // The tests below read the table directly, so read the history once here.
    await t.http().get('/api/scans').set(bearer(owner)).expect(200);

    const now = Date.now();
    // An older scan of the same address, superseded by the real one: its breach must not be reported.
    await seed(owner, { input: ownerEmail, score: 40, startedAt: new Date(now - 7 * DAY_MS), result: privacyResult(ownerEmail, 40, { breaches: [oldBreach] }) });
    // Another site, with a finding whose value looks like a spreadsheet formula.
    await seed(owner, { input: 'shop.example', score: 88, startedAt: new Date(now - 3 * DAY_MS), result: privacyResult('shop.example', 88, { personalInfo: [formulaFinding] }) });
    await seed(owner, { input: 'failed@example.com', status: 'failed', startedAt: new Date(now - 2 * DAY_MS) });
    await seed(owner, { input: 'running@example.com', status: 'running', startedAt: new Date(now - 60_000) });
    // Someone else's scan, with a breach: never in the owner's figures.
    await seed(other, { input: 'other@example.com', score: 10, startedAt: new Date(now - DAY_MS), result: privacyResult('other@example.com', 10, { breaches: [{ ...oldBreach, name: 'OtherPersonBreach', title: 'Other Person Breach' }] }) });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([hibp.close(), gravatar.close(), dns.close()]);
  });

  describe('GET /api/dashboard', () => {
    it("aggregates the owner's stored scans", async () => {
      const rows = await rowsOf(owner);
      expect(rows).toHaveLength(6);
      const res = await t.http().get('/api/dashboard').set(bearer(owner)).expect(200);
      const body = res.body;

      const completedPrivacy = rows.filter((r) => r.scan_type === 'privacy' && r.status === 'completed');
      expect(completedPrivacy).toHaveLength(3);
      expect(body.totalScans).toBe(6);
      // The latest scored privacy scan of each input (the seeded older scan of the address is superseded).
      const latestPrivacy = new Map<string, number>();
      for (const r of completedPrivacy) if (!latestPrivacy.has(r.input)) latestPrivacy.set(r.input, r.score!);
      expect(latestPrivacy.size).toBe(2);
      expect(body.averagePrivacyScore).toBe(Math.round([...latestPrivacy.values()].reduce((s, n) => s + n, 0) / latestPrivacy.size));
      expect(body.privacyTrend).toEqual({ direction: 'not-enough-history', inputs: 0, change: null });
      expect(body.lastScanAt).toBe(rows[0].started_at.toISOString());

      // The latest five, as GET /api/scans lists them.
      const list = await t.http().get('/api/scans?pageSize=5').set(bearer(owner)).expect(200);
      expect(body.recentScans).toEqual(list.body.items);
      expect(body.recentScans.map((s: { id: string }) => s.id)).toEqual(rows.slice(0, 5).map((r) => r.id));

      // Every finding of the newest completed scan of each input (not the superseded one), by level.
      const expected = { low: 0, medium: 0, high: 0, critical: 0 } as Record<string, number>;
      const newest = new Map<string, StoredRow>();
      for (const row of rows.filter((r) => r.status === 'completed')) if (!newest.has(`${row.scan_type} ${row.input}`)) newest.set(`${row.scan_type} ${row.input}`, row);
      expect(newest.size).toBe(rows.filter((r) => r.status === 'completed').length - 1);
      for (const row of newest.values()) for (const level of levelsOf(row)) expected[level] += 1;
      expect(body.riskDistribution).toEqual(expected);
      expect(expected.critical + expected.high).toBeGreaterThan(0);

      // Completed privacy scans per UTC day, oldest first.
      const byDay = new Map<string, number[]>();
      for (const r of [...completedPrivacy].reverse()) {
        const day = r.started_at.toISOString().slice(0, 10);
        byDay.set(day, [...(byDay.get(day) ?? []), r.score!]);
      }
      expect(body.scoreTrend).toEqual(
        [...byDay.entries()].map(([date, scores]) => ({ date, scans: scores.length, averageScore: Math.round(scores.reduce((a, b) => a + b, 0) / scores.length) })),
      );
    });

    it("draws the score trend over the plan's retention window, by the server's clock", async () => {
      const u = await signUp(t);
      const at = new Date('2031-06-30T12:00:00Z');
      const daysAgo = (n: number) => new Date(at.getTime() - n * DAY_MS);
      await seed(u, { input: 'a@example.com', score: 50, startedAt: daysAgo(60), result: privacyResult('a@example.com', 50, {}) });
      await seed(u, { input: 'b@example.com', score: 70, startedAt: daysAgo(10), result: privacyResult('b@example.com', 70, {}) });
      await seed(u, { input: 'c@example.com', score: 90, startedAt: daysAgo(10), result: privacyResult('c@example.com', 90, {}) });
      const clock = jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(at));
      try {
        const free = (await t.http().get('/api/dashboard').set(bearer(u)).expect(200)).body;
        expect(free.scoreTrend).toEqual([{ date: daysAgo(10).toISOString().slice(0, 10), averageScore: 80, scans: 2 }]);
        // The totals count every stored scan; only the trend is windowed.
        expect(free.totalScans).toBe(3);
        expect(free.hasHistory).toBe(true);
        await query(t, `UPDATE users SET plan_tier = 'pro', plan_expires_at = $1 WHERE id = $2`, [daysAgo(-10), u.userId]);
        const pro = (await t.http().get('/api/dashboard').set(bearer(u)).expect(200)).body;
        expect(pro.scoreTrend.map((p: { date: string; averageScore: number }) => [p.date, p.averageScore])).toEqual([
          [daysAgo(60).toISOString().slice(0, 10), 50],
          [daysAgo(10).toISOString().slice(0, 10), 80],
        ]);
      } finally {
        clock.mockRestore();
      }
    });

    it("shows each user only their own scans, and needs a credential (an API token works)", async () => {
      const res = await t.http().get('/api/dashboard').set(bearer(other)).expect(200);
      expect(res.body).toMatchObject({ totalScans: 1, averagePrivacyScore: 10 });
      expect(res.body.recentScans.map((s: { input: string }) => s.input)).toEqual(['other@example.com']);
      expect(res.body.riskDistribution).toEqual({ low: 0, medium: 1, high: 0, critical: 0 });

      await t.http().get('/api/dashboard').expect(401);
      const token = await t.http().post('/api/auth/tokens').set(bearer(other)).send({ name: 'dashboard' }).expect(201);
      const viaToken = await t.http().get('/api/dashboard').set('Authorization', `Bearer ${token.body.token}`).expect(200);
      expect(viaToken.body.totalScans).toBe(1);
    });

    it('is empty for a new user, who has no history even with the tour done', async () => {
      const fresh = await signUp(t);
      // The tour done (or skipped) is no history: a new account is greeted "Welcome", not "Welcome back".
      await t.http().post('/api/auth/profile/onboarding').set(bearer(fresh)).expect(200);
      const res = await t.http().get('/api/dashboard').set(bearer(fresh)).expect(200);
      expect(res.body).toEqual({
        totalScans: 0,
        hasHistory: false,
        averagePrivacyScore: null,
        privacyTrend: { direction: 'not-enough-history', inputs: 0, change: null },
        lastScanAt: null,
        recentScans: [],
        riskDistribution: { low: 0, medium: 0, high: 0, critical: 0 },
        scoreTrend: [],
      });
    });
  });

  describe('GET /api/reports/me', () => {
    it("is the owner's real report from the latest scan of each input", async () => {
      const res = await t.http().get('/api/reports/me').set(bearer(owner)).expect(200);
      const report = res.body;
      expect(report.sample).toBe(false);
      expect(report.pdfAvailable).toBe(false);
      expect(report.summary.totalScans).toBe(6);

      const breaches = report.detailedFindings.breachExposures;
      expect(breaches.map((b: { title: string }) => b.title).sort()).toEqual(['Lantern Market', 'Northwind Forum']);
      expect(breaches[0]).toMatchObject({ title: 'Lantern Market', breachDate: '2021-03-14', pwnCount: 48213, input: ownerEmail });
      expect(JSON.stringify(report)).not.toContain('Superseded');
      expect(JSON.stringify(report)).not.toContain('Other Person');

      const violations = report.detailedFindings.privacyViolations;
      expect(violations).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'location', input: ownerEmail, description: expect.stringContaining('Lisbon') })]));
      expect(violations).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'location', input: 'harbour.jpg' })]));
      expect(report.detailedFindings.metadataRisks).toEqual(expect.arrayContaining([expect.objectContaining({ input: 'harbour.jpg' })]));
      expect(report.riskAssessment.dataBreaches.level).toBe('high');
      expect(report.recommendations.length).toBe(report.summary.recommendationsCount);
      expect(report.recommendations.length).toBeGreaterThan(0);

      // The dashboard's figures, the same label and computation: the image check is not part of them.
      const dashboard = (await t.http().get('/api/dashboard').set(bearer(owner)).expect(200)).body;
      expect(report.summary.averagePrivacyScore).toBe(dashboard.averagePrivacyScore);
      expect(report.summary.privacyTrend).toEqual(dashboard.privacyTrend);
      // The image check has no score outside its widget, only a risk level.
      const rows = (await rowsOf(owner)).filter((r) => r.status === 'completed');
      expect(rows.filter((r) => r.scan_type === 'image').map((r) => r.score)).toEqual([null]);
      // Each category: a level and how many findings, no second 0-100 scale.
      expect(Object.keys(report.riskAssessment.dataBreaches).sort()).toEqual(['findings', 'level']);
      expect(report.riskAssessment.dataBreaches.findings).toBe(2);
      // Every finding row says what it means and what to do, beyond its bare value.
      for (const row of [...violations, ...report.detailedFindings.metadataRisks]) {
        expect(row.description.length).toBeGreaterThan(20);
        expect(row.recommendation.length).toBeGreaterThan(20);
      }
    });

    it('shares one average and one trend with the dashboard: same inputs over 7 days make a trend, images stay out', async () => {
      const u = await signUp(t);
      const now = Date.now();
      const daysAgo = (n: number) => new Date(now - n * DAY_MS);
      // One address scanned four times over ten days, rising from 50 to 90.
      for (const [days, score] of [[10, 50], [7, 60], [3, 80], [1, 90]] as const) {
        await seed(u, { input: 'rising@example.com', score, startedAt: daysAgo(days), result: privacyResult('rising@example.com', score, {}) });
      }
      // Unrelated inputs within a minute: no trend of their own.
      await seed(u, { input: 'a.example', score: 30, startedAt: new Date(now - 60_000), result: privacyResult('a.example', 30, {}) });
      // An image check with a high risk score: never averaged with privacy scores.
      await seed(u, { scanType: 'image', input: 'beach.jpg', riskLevel: 'high', startedAt: new Date(now - 30_000), image: { riskScore: 95, findings: [], imageType: 'jpeg' } });

      const dashboard = (await t.http().get('/api/dashboard').set(bearer(u)).expect(200)).body;
      const report = (await t.http().get('/api/reports/me').set(bearer(u)).expect(200)).body;
      // Latest of rising@ (90) and a.example (30): 60; the image's 95 is not in it.
      expect(dashboard.averagePrivacyScore).toBe(60);
      expect(report.summary.averagePrivacyScore).toBe(60);
      // Later half (80, 90) against earlier half (50, 60): +30.
      expect(dashboard.privacyTrend).toEqual({ direction: 'improving', inputs: 1, change: 30 });
      expect(report.summary.privacyTrend).toEqual(dashboard.privacyTrend);

      // The image check is a labelled risk level in recent scans and the history, never a score.
      const image = dashboard.recentScans.find((s: { input: string }) => s.input === 'beach.jpg');
      expect(image).toMatchObject({ scanType: 'image', score: null, imageRiskLevel: 'high' });
      const history = (await t.http().get('/api/scans').set(bearer(u)).expect(200)).body.items;
      expect(history.find((s: { input: string }) => s.input === 'beach.jpg')).toMatchObject({ score: null, imageRiskLevel: 'high' });
      expect(history.find((s: { input: string }) => s.input === 'a.example')).toMatchObject({ score: 30, imageRiskLevel: null });

      // Two scans of one input over a long time are still not enough.
      const few = await signUp(t);
      await seed(few, { input: 'x@example.com', score: 20, startedAt: daysAgo(20), result: privacyResult('x@example.com', 20, {}) });
      await seed(few, { input: 'x@example.com', score: 90, startedAt: daysAgo(1), result: privacyResult('x@example.com', 90, {}) });
      expect((await t.http().get('/api/reports/me').set(bearer(few)).expect(200)).body.summary.privacyTrend.direction).toBe('not-enough-history');
    });

    it('is the labelled sample for a user without scans', async () => {
      const fresh = await signUp(t);
      const res = await t.http().get('/api/reports/me').set(bearer(fresh)).expect(200);
      expect(res.body.sample).toBe(true);
      expect(res.body.summary).toEqual(SAMPLE_REPORT.summary);
      expect(res.body.detailedFindings).toEqual(SAMPLE_REPORT.detailedFindings);
    });

    it('needs a credential', async () => {
      await t.http().get('/api/reports/me').expect(401);
      await t.http().get('/api/reports/me/csv').expect(401);
      await t.http().get('/api/reports/me/pdf').expect(401);
    });
  });

  describe('GET /api/reports/me/csv', () => {
    it('has one row per finding of every completed scan kept, formula-safe, for the free plan too', async () => {
      const res = await t.http().get('/api/reports/me/csv').set(bearer(owner)).buffer(true).parse(binary).expect(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="footprint-findings-\d{4}-\d{2}-\d{2}\.csv"$/);
      const rows = parse((res.body as Buffer).toString('utf8'), { columns: true }) as Record<string, string>[];

      const completed = (await rowsOf(owner)).filter((r) => r.status === 'completed');
      const perScan = new Map(completed.map((r) => [r.id, levelsOf(r)]));
      expect(rows).toHaveLength([...perScan.values()].reduce((n, levels) => n + levels.length, 0));
      for (const [id, levels] of perScan) {
        expect(rows.filter((r) => r.scan_id === id).map((r) => r.risk)).toEqual(levels);
      }
      const lantern = rows.find((r) => r.type === 'breach' && r.value.startsWith('Lantern Market'));
      expect(lantern).toMatchObject({ input: ownerEmail, scan_type: 'privacy', group: 'breaches', source: 'Have I Been Pwned' });
      const gps = rows.find((r) => r.input === 'harbour.jpg' && r.type === 'location');
      expect(gps).toMatchObject({ scan_type: 'image', group: 'locationData', risk: 'high' });
      const formula = rows.find((r) => r.input === 'shop.example')!;
      expect(formula.value).toBe(`'${formulaFinding.value}`);
      expect(formula.description).toBe('An address, on the page, with a comma');
      expect(formula.recommendation).toBe(FINDING_RECOMMENDATIONS.page_email_address.action);
      // No row is a bare value: each says what it means and what to do.
      for (const row of rows) {
        expect(row.description).not.toBe('');
        expect(row.description).not.toBe(row.value);
        expect(row.recommendation).not.toBe('');
      }
      expect(rows.some((r) => r.input === 'other@example.com')).toBe(false);
    });
  });

  describe('GET /api/reports/me/pdf', () => {
    it('is refused on the free plan with the upgrade message', async () => {
      await setPlan(owner, 'free');
      const res = await t.http().get('/api/reports/me/pdf').set(bearer(owner)).expect(403);
      expect(res.body.error).toBe(REPORT_MESSAGES.pdfNeedsPlan);
      // A paid period that has ended counts as Free.
      await query(t, `UPDATE users SET plan_tier = 'plus', plan_expires_at = $1 WHERE id = $2`, [new Date(Date.now() - 60_000), owner.userId]);
      await t.http().get('/api/reports/me/pdf').set(bearer(owner)).expect(403);
      expect((await t.http().get('/api/reports/me').set(bearer(owner)).expect(200)).body.pdfAvailable).toBe(false);
    });

    it("on Plus, is an A4 PDF with the user's figures and findings", async () => {
      await setPlan(owner, 'plus');
      const [report, res] = [
        (await t.http().get('/api/reports/me').set(bearer(owner)).expect(200)).body,
        await t.http().get('/api/reports/me/pdf').set(bearer(owner)).buffer(true).parse(binary).expect(200),
      ];
      expect(report.pdfAvailable).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="footprint-report-\d{4}-\d{2}-\d{2}\.pdf"$/);
      const pdf = res.body as Buffer;
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      const text = pdfText(pdf);
      const flat = text.replace(/\s+/g, ' ');
      expect(flat).toContain('Privacy Report');
      expect(flat).not.toContain('Sample');
      expect(flat).toMatch(/TOTAL SCANS .*AVERAGE PRIVACY .*PRIVACY TREND .*RECOMMENDATIONS/);
      expect(flat).toContain(`${report.summary.averagePrivacyScore}/100`);
      expect(flat).toMatch(/Not enough .*history yet/);
      expect(flat).not.toMatch(/risk score/i);
      for (const expected of ['Lantern Market', 'Northwind Forum', '48,213', 'Lisbon', 'harbour.jpg', 'Breach Exposures', 'Privacy Violations', 'Metadata Risks', 'Recommendations'])
        expect(flat).toContain(expected);
      expect(flat).toContain(report.recommendations[0].category);
      expect(flat).not.toContain('Superseded');
      const pages = Number(/Page 1 of (\d+)/.exec(flat)?.[1]);
      expect(pages).toBeGreaterThanOrEqual(1);
      expect(flat).toContain(`Page ${pages} of ${pages}`);
    });

    it('is rate-limited per user', async () => {
      await setPlan(other, 'pro');
      await awayFromWindowEdge(REPORT_RATE_LIMITS.pdfPerUser.windowSeconds);
      for (let i = 0; i < REPORT_RATE_LIMITS.pdfPerUser.limit; i++) await t.http().get('/api/reports/me/pdf').set(bearer(other)).expect(200);
      const refused = await t.http().get('/api/reports/me/pdf').set(bearer(other)).expect(429);
      expect(refused.headers['retry-after']).toBeDefined();
      // Someone else is not affected.
      await t.http().get('/api/reports/me/pdf').set(bearer(owner)).expect(200);
    });
  });
});
