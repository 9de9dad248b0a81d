#!/usr/bin/env node
// Prints the size of the production install the Docker image makes (npm ci --omit=dev
// --omit=optional: no dev tools, no client-only libraries, no embedded PostgreSQL), its package
// count, the largest packages, the build (dist/) beside it, and the total against the target.
//
//   node scripts/production-size.mjs            from package-lock.json and the node_modules installed here
//   node scripts/production-size.mjs --install  installs it for real in a temporary folder and measures that
//
// Sizes are disk usage (as du counts them), in MB of 10^6 bytes.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The Dockerfile's runtime install. */
export const OMIT = ['dev', 'optional'];
/** The issue's target for the runtime image: production node_modules plus the build. */
const TARGET_MB = 250;

const mb = (bytes) => (bytes / 1e6).toFixed(1);

/** Disk usage of a folder or file; `skipNested` leaves out node_modules folders below it (counted as packages of their own). */
function diskUsage(path, skipNested = false) {
  const stat = lstatSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  let total = stat.blocks * 512;
  if (!stat.isDirectory()) return total;
  for (const entry of readdirSync(path)) {
    if (skipNested && entry === 'node_modules') continue;
    total += diskUsage(join(path, entry), skipNested);
  }
  return total;
}

/** The lock's packages that an install omitting `omit` puts on disk (npm's rule: dev, optional and devOptional flags). */
export function productionPackages(lock, omit = OMIT) {
  const omitted = (entry) =>
    (entry.dev && omit.includes('dev')) ||
    (entry.optional && omit.includes('optional')) ||
    (entry.devOptional && omit.includes('dev') && omit.includes('optional')) ||
    (entry.peer && omit.includes('peer'));
  return Object.entries(lock.packages).filter(([path, entry]) => path.startsWith('node_modules/') && !entry.link && !omitted(entry));
}

function measureInstalled(root) {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const packages = productionPackages(lock);
  const missing = packages.filter(([path]) => !existsSync(join(root, path)));
  if (missing.length > 0) {
    console.error(`${missing.length} production packages are not installed here (first: ${missing[0][0]}): run npm ci, or use --install`);
    process.exit(1);
  }
  return packages.map(([path]) => ({ name: path.replace(/^.*node_modules\//, ''), path, bytes: diskUsage(join(root, path), true) }));
}

function measureRealInstall() {
  const dir = mkdtempSync(join(tmpdir(), 'footprint-prod-size-'));
  try {
    for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(ROOT, file), join(dir, file));
    execFileSync('npm', ['ci', ...OMIT.map((o) => `--omit=${o}`), '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    const rows = measureInstalled(dir);
    const total = diskUsage(join(dir, 'node_modules'));
    return { rows, total };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const real = process.argv.includes('--install');
const { rows, total } = real ? measureRealInstall() : (() => {
  const measured = measureInstalled(ROOT);
  return { rows: measured, total: measured.reduce((sum, r) => sum + r.bytes, 0) };
})();
const dist = diskUsage(join(ROOT, 'dist'));

console.log(`production node_modules (npm ci ${OMIT.map((o) => `--omit=${o}`).join(' ')}${real ? ', installed for this measurement' : ', measured in ./node_modules'}):`);
console.log(`  ${mb(total)} MB in ${rows.length} packages`);
console.log('  largest:');
for (const row of [...rows].sort((a, b) => b.bytes - a.bytes).slice(0, 15)) console.log(`    ${mb(row.bytes).padStart(6)} MB  ${row.name}`);
if (existsSync(join(ROOT, 'dist'))) {
  console.log(`build (dist/): ${mb(dist)} MB`);
  const sum = total + dist;
  console.log(`node_modules + build: ${mb(sum)} MB (target under ${TARGET_MB} MB: ${sum / 1e6 < TARGET_MB ? 'met' : 'NOT met'})`);
} else {
  console.log('build (dist/): not built here (npm run build)');
}
