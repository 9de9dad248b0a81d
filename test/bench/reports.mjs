// Report figures (issue 8): GET /api/dashboard for a user with 1,000 stored scans (seeded straight
// into the database, each with a full result), GET /api/reports/me for the same user, and the PDF
// of a report with 100 findings (time to render, size). Prints numbers; asserts nothing. Needs
// `npm run build:server`.
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { nextIp, percentile, require, requireTs, startServer, stopServer } from './bench-support.mjs';

const SCANS = 1000;
const DISTINCT_INPUTS = 100;
const DASHBOARD_REQUESTS = 200;
const REPORT_REQUESTS = 50;
const PDF_RUNS = 20;

const { Client } = require('pg');
const { renderReportPdf } = requireTs('server/src/reports/report-pdf.writer.ts');
const { SAMPLE_REPORT } = requireTs('server/src/reports/report.catalogue.ts');
const { storedFindingsOfImage, storedFindingsOfResult } = requireTs('server/src/scans/stored-findings.mapper.ts');

const LEVELS = ['low', 'medium', 'high', 'critical'];
const breach = (i) => ({
  kind: 'breach', name: `Breach${i}`, title: `Breach number ${i}`, domain: `breach${i}.example`, breachDate: '2020-01-02',
  addedDate: '2020-02-01', modifiedDate: '2020-02-01', pwnCount: 10000 + i,
  description: 'In 2020 an invented service exposed its customer database, including names and passwords. '.repeat(6),
  dataClasses: ['Email addresses', 'Passwords', 'Names'], isVerified: true, isFabricated: false, isSensitive: false, isRetired: false,
  isSpamList: false, source: 'Have I Been Pwned', risk: 'critical', evidence: { summary: `HIBP lists this address in Breach number ${i}` },
});
const risk = (type, level, value) => ({ kind: 'risk', type, value, source: 'Gravatar', risk: level, evidence: { summary: `Seen: ${value}` } });
const group = (details) => ({ count: details.length, details, summary: `${details.length} found` });

/** A stored privacy result with 10 findings (2 breaches), about the size a real one has. */
function privacyResult(input, score) {
  return {
    input, inputType: 'email', privacyScore: score, mode: 'real', detailsIncluded: true,
    breaches: { ...group([breach(1), breach(2)]), hiddenSensitive: 0 },
    personalInfo: group([risk('gravatar_name_public', 'medium', 'Name: Bench Person'), risk('gravatar_about_public', 'low', 'About text')]),
    locationData: group([risk('gravatar_location_public', 'high', 'Location: Porto')]),
    metadata: group([risk('dmarc_missing', 'medium', 'no DMARC'), risk('spf_weak', 'medium', 'weak SPF'), risk('free_email_provider', 'low', 'bench.example')]),
    socialMedia: group([risk('gravatar_accounts_public', 'medium', 'Linked accounts'), risk('gravatar_links_public', 'low', 'Links')]),
    recommendations: [{ category: 'Password Security', action: 'Change the password.', priority: 'critical' }],
    checks: [], startedAt: new Date().toISOString(), completedAt: new Date().toISOString(),
  };
}

function reportWith100Findings() {
  const breaches = Array.from({ length: 20 }, (_, i) => ({
    name: `Breach${i}`, title: `Breach number ${i}`, breachDate: '2020-01-02', pwnCount: 123456 + i,
    dataClasses: ['Email addresses', 'Passwords', 'Names', 'Phone numbers'], input: `person${i % 5}@example.com`,
  }));
  const violations = Array.from({ length: 40 }, (_, i) => ({
    type: i % 3 ? 'oversharing' : 'location', riskLevel: LEVELS[i % 4], description: `Public profile field number ${i} shows personal details`,
    source: 'Gravatar', input: `person${i % 5}@example.com`, evidence: 'The public profile of this address shows the field, readable by anyone.',
  }));
  const metadata = Array.from({ length: 40 }, (_, i) => ({
    riskLevel: LEVELS[i % 3], description: `Third party number ${i} loads on the page and can follow visitors across sites`,
    source: 'Footprint tracker catalogue', input: `site${i % 7}.example`,
  }));
  return {
    ...SAMPLE_REPORT, sample: false, generatedAt: new Date().toISOString(), pdfAvailable: true,
    detailedFindings: { breachExposures: breaches, privacyViolations: violations, metadataRisks: metadata },
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'fp-bench-reports-'));
chmodSync(dataDir, 0o755);
let server;
let db;
try {
  server = await startServer(dataDir);
  const signup = await fetch(`${server.base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextIp() },
    body: JSON.stringify({ email: 'bench.reports@bench.example', password: 'correct-horse-1' }),
  });
  const { accessToken, user } = await signup.json();
  if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}`);

  // The embedded database of the started server: its port from postmaster.pid, its password file.
  const port = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3].trim();
  const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
  db = new Client({ connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/footprint` });
  await db.connect();
  const now = Date.now();
  for (let batch = 0; batch < SCANS / 100; batch++) {
    const values = [];
    const params = [];
    for (let j = 0; j < 100; j++) {
      const i = batch * 100 + j;
      const image = i % 10 === 9;
      const input = image ? `photo-${i % DISTINCT_INPUTS}.jpg` : `person${i % DISTINCT_INPUTS}@bench.example`;
      const score = image ? null : 40 + (i % 50);
      const imageFindings = [{ category: 'location', severity: 'high', description: 'GPS position', redactedValue: '41.15, -8.61', recommendation: 'Strip it.', sources: ['EXIF GPS'] }];
      const result = image ? { riskScore: 45, imageType: 'jpeg', findings: imageFindings } : privacyResult(input, score);
      // The findings column as the scans module writes it when a scan completes.
      const findings = image ? storedFindingsOfImage(imageFindings) : storedFindingsOfResult(result);
      const startedAt = new Date(now - i * 40 * 60_000); // every 40 minutes: about 28 days back
      params.push(randomUUID(), user.id, image ? 'image' : 'privacy', input, image ? 'image' : 'email', score, image ? 'medium' : null, JSON.stringify(findings), JSON.stringify(result), startedAt);
      const b = j * 10;
      values.push(`($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, 'completed', $${b + 6}, $${b + 7}, NULL, $${b + 8}, $${b + 9}, $${b + 10}, $${b + 10})`);
    }
    await db.query(
      `INSERT INTO scans (id, user_id, scan_type, input, input_type, status, score, risk_level, finding_counts, findings, result, started_at, completed_at) VALUES ${values.join(', ')}`,
      params,
    );
  }
  await db.query('ANALYZE scans');

  const get = async (path) => {
    const began = performance.now();
    const res = await fetch(`${server.base}${path}`, { headers: { Authorization: `Bearer ${accessToken}` } });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    return { ms: performance.now() - began, body };
  };

  // A baseline: an authenticated route that reads one row.
  const profile = [];
  for (let i = 0; i < 10; i++) await get('/api/auth/profile');
  for (let i = 0; i < DASHBOARD_REQUESTS; i++) profile.push((await get('/api/auth/profile')).ms);

  for (let i = 0; i < 10; i++) await get('/api/dashboard'); // warm-up
  const dashboard = [];
  let last;
  for (let i = 0; i < DASHBOARD_REQUESTS; i++) {
    const r = await get('/api/dashboard');
    dashboard.push(r.ms);
    last = r.body;
  }
  if (last.totalScans !== SCANS) throw new Error(`dashboard counted ${last.totalScans} scans`);

  const report = [];
  for (let i = 0; i < 5; i++) await get('/api/reports/me');
  for (let i = 0; i < REPORT_REQUESTS; i++) report.push((await get('/api/reports/me')).ms);

  const doc = reportWith100Findings();
  await renderReportPdf(doc); // warm-up (font metrics)
  const pdfTimes = [];
  let size = 0;
  for (let i = 0; i < PDF_RUNS; i++) {
    const began = performance.now();
    const pdf = await renderReportPdf(doc);
    pdfTimes.push(performance.now() - began);
    size = pdf.length;
  }

  const f = (n) => n.toFixed(1);
  const distribution = Object.entries(last.riskDistribution).map(([k, v]) => `${k} ${v}`).join(', ');
  console.log(`cpus: ${availableParallelism()}; ${SCANS} stored scans (${DISTINCT_INPUTS} distinct inputs each way, 10 findings per privacy result)`);
  console.log(`baseline GET /api/auth/profile (${DASHBOARD_REQUESTS} sequential): p50 ${f(percentile(profile, 50))} ms, p95 ${f(percentile(profile, 95))} ms`);
  console.log(`GET /api/dashboard (${DASHBOARD_REQUESTS} sequential): p50 ${f(percentile(dashboard, 50))} ms, p95 ${f(percentile(dashboard, 95))} ms, p99 ${f(percentile(dashboard, 99))} ms; risk distribution: ${distribution}`);
  console.log(`GET /api/reports/me (${REPORT_REQUESTS} sequential): p50 ${f(percentile(report, 50))} ms, p95 ${f(percentile(report, 95))} ms`);
  console.log(`PDF with 100 findings (${PDF_RUNS} renders, in process): p50 ${f(percentile(pdfTimes, 50))} ms, p95 ${f(percentile(pdfTimes, 95))} ms; ${(size / 1024).toFixed(1)} KiB`);
} finally {
  await db?.end();
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
