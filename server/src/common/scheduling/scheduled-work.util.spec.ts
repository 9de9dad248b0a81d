import { runsScheduledWork } from './scheduled-work.util';

describe('runsScheduledWork', () => {
  it('runs the scheduled work outside tests when there is a database', () => {
    expect(runsScheduledWork({ env: 'production', databaseUrl: 'postgres://db/footprint' })).toBe(true);
    expect(runsScheduledWork({ env: 'development', databaseUrl: 'postgres://db/footprint' })).toBe(true);
  });

  it('leaves it to the tests, and to nobody without a database (the OpenAPI generator)', () => {
    expect(runsScheduledWork({ env: 'test', databaseUrl: 'postgres://db/footprint' })).toBe(false);
    expect(runsScheduledWork({ env: 'production', databaseUrl: undefined })).toBe(false);
  });
});
