import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import type { AnalysisResult } from '../../server/src/scans/result/analysis.types';
import { breachDetail } from '../../server/src/scans/analysis/email-breaches.analyzer';
import type { ExifFinding } from '../../server/src/images/exif-findings.analyzer';
import { storedFindingsOfResult } from '../../server/src/scans/stored-findings.mapper';
import { storedFindingsOfImage } from '../../server/src/images/stored-image-findings.mapper';
import { sampleBreach } from '../fakes/hibp';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * The one-finding-model migration on rows stored before it, by a database at the schema of the
 * release before (every earlier migration applied): privacy results (as that release writes them,
 * with their coverage, and older ones) and image analyses get their findings in the one stored
 * shape (the same the code now writes for new scans), image checks trade their risk score for a
 * risk level, and `down` gives the scores back.
 */

const MIGRATIONS = join(__dirname, '../../server/src/common/database/migrations');
const FINDING_MODEL = '1765200000000';
/** The migrations before this one, or up to and including it (later ones stay out, so undo undoes this one). */
const migrationFiles = (through: 'before' | 'including') =>
  readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.ts') && (through === 'before' ? f.split('-')[0] < FINDING_MODEL : f.split('-')[0] <= FINDING_MODEL))
    .map((f) => join(MIGRATIONS, f));

describe('the one finding model migration', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  const userId = randomUUID();
  const ids = { privacy: randomUUID(), hibpOnly: randomUUID(), redImage: randomUUID(), greenImage: randomUUID(), failed: randomUUID() };

  const breach = breachDetail(sampleBreach({ Name: 'Adobe', Title: 'Adobe', BreachDate: '2013-10-04', DataClasses: ['Email addresses', 'Passwords'] }));
  const group = (details: unknown[]) => ({ count: details.length, checked: 'all', details, summary: '' });
  const privacyResult = {
    input: 'jane@example.com',
    privacyScore: 61,
    coverage: { complete: true, mainCheck: 'breaches', checksRun: 4, checksTotal: 4, unchecked: [], partial: [], retryable: false },
    breaches: { ...group([breach]), hiddenSensitive: 0 },
    personalInfo: group([{ kind: 'risk', type: 'gravatar_name_public', value: 'Name: Jane', source: 'Gravatar', risk: 'medium', evidence: { summary: 'The profile shows a name' } }]),
    locationData: group([]),
    // What was observed is kept beside the sentence, cut (600 characters at most).
    metadata: group([{ kind: 'risk', type: 'dmarc_missing', value: 'example.com has no DMARC record', source: 'DNS', risk: 'medium', evidence: { summary: 'No DMARC', observed: 'v'.repeat(700) } }]),
    socialMedia: group([]),
    recommendations: [],
  } as unknown as AnalysisResult;
  const imageFindings: ExifFinding[] = [
    { category: 'device', severity: 'low', description: 'Camera make and model', redactedValue: 'Canon EOS', recommendation: 'Strip it.', sources: ['EXIF Make', 'EXIF Model'] },
    { category: 'location', severity: 'high', description: 'GPS position', redactedValue: '51.76, -0.32', recommendation: 'Strip it.', sources: ['EXIF GPS'] },
  ];

  beforeAll(async () => {
    db = await createTestDatabase();
    // The schema as it was before the migration, with rows the old code stored.
    const before = new DataSource({ type: 'postgres', url: db.url, migrations: migrationFiles('before'), migrationsTransactionMode: 'each' });
    await before.initialize();
    await before.runMigrations();
    await before.query(`INSERT INTO users (id, email) VALUES ($1, 'jane@example.com')`, [userId]);
    const insert = (id: string, type: string, status: string, score: number | null, counts: unknown, result: unknown) =>
      before.query(
        `INSERT INTO scans (id, user_id, scan_type, input, input_type, status, score, finding_counts, result, started_at, completed_at)
         VALUES ($1, $2, $3, 'x', $4, $5, $6, $7, $8, now(), now())`,
        [id, userId, type, type === 'image' ? 'image' : 'email', status, score, JSON.stringify(counts), JSON.stringify(result)],
      );
    await insert(ids.privacy, 'privacy', 'completed', 61, { breaches: 1, personalInfo: 1, locationData: 0, metadata: 1, socialMedia: 0 }, privacyResult);
    // A result stored before a second breach source joined: its breaches name no sources.
    const { sources: _sources, sourceNames: _names, ...hibpOnlyBreach } = breach;
    // …and before results said what they covered.
    const { coverage: _coverage, ...uncovered } = privacyResult;
    const hibpOnly = { ...uncovered, breaches: { ...group([hibpOnlyBreach]), hiddenSensitive: 0 } };
    await insert(ids.hibpOnly, 'privacy', 'completed', 61, { breaches: 1, personalInfo: 1, locationData: 0, metadata: 1, socialMedia: 0 }, hibpOnly);
    const oldImageCounts = { breaches: 0, personalInfo: 0, locationData: 0, metadata: 2, socialMedia: 0 };
    await insert(ids.redImage, 'image', 'completed', 75, oldImageCounts, { riskScore: 75, findings: imageFindings, imageType: 'jpeg' });
    await insert(ids.greenImage, 'image', 'completed', 20, oldImageCounts, { riskScore: 20, findings: imageFindings, imageType: 'jpeg' });
    await before.query(
      `INSERT INTO scans (id, user_id, scan_type, input, input_type, status, started_at, completed_at) VALUES ($1, $2, 'privacy', 'y', 'email', 'failed', now(), now())`,
      [ids.failed, userId],
    );
    await before.destroy();

    dataSource = new DataSource({ type: 'postgres', url: db.url, migrations: migrationFiles('including'), migrationsTransactionMode: 'each' });
    await dataSource.initialize();
    const ran = await dataSource.runMigrations();
    expect(ran.map((m) => m.name)).toContain(`OneFindingModel${FINDING_MODEL}`);
  });
  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  const row = async (id: string) =>
    (await dataSource.query(`SELECT score, risk_level, finding_counts, findings FROM scans WHERE id = $1`, [id]))[0] as {
      score: number | null;
      risk_level: string | null;
      finding_counts: Record<string, number> | null;
      findings: unknown[] | null;
    };

  it("gives a privacy scan its findings in the shape the code writes, and keeps its score", async () => {
    const stored = await row(ids.privacy);
    expect(stored.score).toBe(61);
    expect(stored.risk_level).toBeNull();
    expect(stored.findings).toEqual(storedFindingsOfResult(privacyResult));
    expect(stored.findings).toEqual([
      expect.objectContaining({ kind: 'breach', group: 'breaches', value: 'Adobe (2013-10-04)', risk: 'critical', breach: expect.objectContaining({ name: 'Adobe' }) }),
      expect.objectContaining({ kind: 'risk', type: 'gravatar_name_public', group: 'personalInfo', risk: 'medium', description: 'The profile shows a name', evidence: '' }),
      expect.objectContaining({ kind: 'risk', type: 'dmarc_missing', group: 'metadata', description: 'No DMARC', evidence: `${'v'.repeat(599)}…` }),
    ]);
  });

  it("names HIBP as the source of breaches stored before there was a second one", async () => {
    const [stored] = (await row(ids.hibpOnly)).findings as { breach: { sources: string[] } }[];
    expect(stored.breach.sources).toEqual(['hibp']);
  });

  it('turns an image check into a risk level, its findings into the one shape', async () => {
    const red = await row(ids.redImage);
    expect(red.score).toBeNull();
    expect(red.risk_level).toBe('high');
    expect(red.findings).toEqual(storedFindingsOfImage(imageFindings));
    expect(red.finding_counts).toEqual({ breaches: 0, personalInfo: 0, locationData: 1, metadata: 1, socialMedia: 0 });
    expect((await row(ids.greenImage)).risk_level).toBe('low');
  });

  it('leaves scans without a result alone', async () => {
    expect(await row(ids.failed)).toEqual({ score: null, risk_level: null, finding_counts: null, findings: null });
  });

  it('gives the image risk scores back when undone', async () => {
    await dataSource.undoLastMigration({ transaction: 'each' });
    const rows = (await dataSource.query(`SELECT id, score, finding_counts FROM scans ORDER BY score NULLS FIRST`)) as { id: string; score: number | null }[];
    expect(Object.fromEntries(rows.map((r) => [r.id, r.score]))).toEqual({ [ids.failed]: null, [ids.greenImage]: 20, [ids.privacy]: 61, [ids.hibpOnly]: 61, [ids.redImage]: 75 });
  });
});
