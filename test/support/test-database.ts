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
      await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
      await client.end();
    },
  };
}
