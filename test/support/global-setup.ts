import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { EmbeddedDatabase } from '../../server/src/common/database/embedded-database.supervisor';

/**
 * One PostgreSQL for the whole run: Debian's (or any) server when DATABASE_URL is set, as in CI,
 * otherwise the embedded one in a fresh temporary folder. Each test file creates its own database
 * in it (test/support/test-database.ts), so files never see each other's rows; an app's is a copy
 * of the run's migrated template, named here, built by the first file that needs it.
 */
export default async function globalSetup() {
  process.env.FP_TEST_TEMPLATE_DATABASE ??= `fp_template_${randomBytes(6).toString('hex')}`;
  if (process.env.FP_TEST_ADMIN_URL) return; // another project of this run started it already
  if (process.env.DATABASE_URL) {
    process.env.FP_TEST_ADMIN_URL = process.env.DATABASE_URL;
    process.env.FP_TEST_DATABASE_KIND = 'external';
    return;
  }
  const base = process.env.FP_TEST_TMP ?? tmpdir();
  const dataDir = await mkdtemp(join(base, 'footprint-test-'));
  await chmod(dataDir, 0o755); // the 'postgres' user must be able to enter it when we run as root
  const embedded = new EmbeddedDatabase(dataDir, pino({ level: 'warn' }));
  process.env.FP_TEST_ADMIN_URL = await embedded.start();
  process.env.FP_TEST_DATABASE_KIND = 'embedded';
  (globalThis as { __footprintTestDb?: { embedded: EmbeddedDatabase; dataDir: string } }).__footprintTestDb = {
    embedded,
    dataDir,
  };
}
