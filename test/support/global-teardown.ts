import { rm } from 'node:fs/promises';
import { Client } from 'pg';
import type { EmbeddedDatabase } from '../../server/src/common/database/embedded-database.supervisor';

/** A server of the run's own (DATABASE_URL) keeps what it is not told to drop: the template (test-database.ts). */
async function dropTemplateDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Nobody is in it (it takes no connections), so a plain DROP ends it.
    await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
}

export default async function globalTeardown() {
  const state = (globalThis as { __footprintTestDb?: { embedded: EmbeddedDatabase; dataDir: string } }).__footprintTestDb;
  if (!state) {
    const { FP_TEST_DATABASE_KIND: kind, FP_TEST_ADMIN_URL: adminUrl, FP_TEST_TEMPLATE_DATABASE: template } = process.env;
    if (kind === 'external' && adminUrl && template) await dropTemplateDatabase(adminUrl, template);
    return;
  }
  (globalThis as { __footprintTestDb?: unknown }).__footprintTestDb = undefined;
  await state.embedded.stop();
  await rm(state.dataDir, { recursive: true, force: true });
}
