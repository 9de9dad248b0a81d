// Lints openapi/openapi.json with Redocly's recommended rules (redocly.yaml) and fails on any error
// or warning that .redocly.lint-ignore.yaml does not list with its reason: Redocly itself fails on
// errors only. Offline: no telemetry, no update check.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const cli = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

const run = spawnSync(process.execPath, [cli, 'lint', 'openapi/openapi.json', '--format=json', '--max-problems=1000'], { cwd: root, env, encoding: 'utf8' });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  process.stderr.write(run.stderr);
  console.error('openapi:lint: Redocly did not answer a report');
  process.exit(1);
}
const { errors, warnings, ignored } = report.totals;
for (const problem of report.problems) {
  const where = problem.location?.map((l) => l.pointer).join(', ') ?? '';
  console.error(`${problem.severity} ${problem.ruleId} ${where}\n  ${problem.message}`);
}
console.log(`Redocly recommended rules: ${errors} errors, ${warnings} warnings, ${ignored} ignored with their reasons (.redocly.lint-ignore.yaml)`);
process.exit(errors + warnings > 0 ? 1 : 0);
