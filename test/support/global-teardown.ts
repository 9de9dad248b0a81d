import { rm } from 'node:fs/promises';
import type { EmbeddedDatabase } from '../../server/src/common/database/embedded-database.supervisor';

export default async function globalTeardown() {
  const state = (globalThis as { __footprintTestDb?: { embedded: EmbeddedDatabase; dataDir: string } }).__footprintTestDb;
  if (!state) return;
  (globalThis as { __footprintTestDb?: unknown }).__footprintTestDb = undefined;
  await state.embedded.stop();
  await rm(state.dataDir, { recursive: true, force: true });
}
