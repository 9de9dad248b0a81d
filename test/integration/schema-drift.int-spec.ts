import { DataSource } from 'typeorm';
import { createTestApp, TestApp } from '../support/test-app';

// The migrations must produce exactly the schema the entities describe (we never synchronise).
describe('database schema', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('matches the entities after every migration has run', async () => {
    const dataSource = t.app.get(DataSource);
    const pending = await dataSource.driver.createSchemaBuilder().log();
    const statements = pending.upQueries.map((q) => q.query);
    expect(statements).toEqual([]);
  });
});
