import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

function adminUrl(): string {
  const url = process.env.FP_TEST_ADMIN_URL;
  if (!url) throw new Error('FP_TEST_ADMIN_URL is not set: run this suite through jest (its globalSetup starts PostgreSQL)');
  return url;
}

const INSUFFICIENT_PRIVILEGE = '42501';

/**
 * Drops the database, ending connections a test left open. FORCE refuses (42501) on a server where
 * the role is not a superuser while an autovacuum worker is in the database: PostgreSQL 15 checks
 * the worker's role like a user's (seen on Debian's server in CI). A plain DROP then asks
 * autovacuum to stop and waits for it, which any database owner may do.
 */
async function dropDatabase(client: Client, name: string): Promise<void> {
  const database = client.escapeIdentifier(name);
  try {
    await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  } catch (error) {
    if ((error as { code?: string }).code !== INSUFFICIENT_PRIVILEGE) throw error;
    await client.query(`DROP DATABASE IF EXISTS ${database}`);
  }
}

/** A new, empty database on the run's PostgreSQL, dropped again by drop(). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `fp_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new Client({ connectionString: adminUrl() });
      await client.connect();
      try {
        await dropDatabase(client, name);
      } finally {
        await client.end();
      }
    },
  };
}
