import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderEnvExample, renderReference } from './common/config/config-reference.renderer';
import { PACKAGE_ROOT } from './common/package-info.util';

/**
 * Writes `.env.example` and docs/CONFIGURATION.md from the settings' declarations. With --check it
 * writes nothing and exits 1 when either committed file differs from what the declarations give.
 */
const FILES = [
  { path: join(PACKAGE_ROOT, '.env.example'), name: '.env.example', render: renderEnvExample },
  { path: join(PACKAGE_ROOT, 'docs', 'CONFIGURATION.md'), name: 'docs/CONFIGURATION.md', render: renderReference },
];

async function main() {
  const check = process.argv.includes('--check');
  const drifted: string[] = [];
  for (const file of FILES) {
    const text = file.render();
    if (!check) await writeFile(file.path, text);
    else if ((await readFile(file.path, 'utf8').catch(() => '')) !== text) drifted.push(file.name);
  }
  if (drifted.length) {
    process.stderr.write(`Configuration drift: ${drifted.join(' and ')} no longer match the settings' declarations. Run: npm run config:docs\n`);
    process.exit(1);
  }
  process.stdout.write(check ? 'config: .env.example and docs/CONFIGURATION.md match the settings\n' : `wrote ${FILES.map((f) => f.name).join(' and ')}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
