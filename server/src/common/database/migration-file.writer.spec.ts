import { kebabName, migrationFile } from './migration-file.writer';

describe('migrationFile', () => {
  it('names the file and the class the way TypeORM and the project expect', () => {
    const file = migrationFile('AddWidgets', 1764700000000, { up: [{ query: 'CREATE TABLE "w" ("id" integer)' }], down: [{ query: 'DROP TABLE "w"' }] });
    expect(file.fileName).toBe('1764700000000-add-widgets.ts');
    expect(file.className).toBe('AddWidgets1764700000000');
    expect(file.source).toContain("name = 'AddWidgets1764700000000';");
    expect(file.source).toContain('    await queryRunner.query(`CREATE TABLE "w" ("id" integer)`);');
    expect(file.source).toContain('    await queryRunner.query(`DROP TABLE "w"`);');
  });

  it('keeps backticks, backslashes and ${ in SQL as they are, and passes parameters', () => {
    const query = 'COMMENT ON TABLE "t" IS \'a `b` \\\\ ${c}\'';
    const { source } = migrationFile('x', 1764700000001, { up: [{ query, parameters: ['p', 1] }], down: [] });
    const literal = /queryRunner\.query\((`(?:[^`\\]|\\.)*`), (\[.*\])\);/.exec(source);
    expect(literal).not.toBeNull();
    // Evaluating the literal as JavaScript gives back the query exactly.
    expect(new Function(`return ${literal?.[1]}`)()).toBe(query);
    expect(JSON.parse(literal?.[2] ?? '')).toEqual(['p', 1]);
  });

  it('refuses names and timestamps TypeORM could not read', () => {
    expect(() => migrationFile('---', 1764700000000, { up: [], down: [] })).toThrow(/cannot name a migration/);
    expect(() => migrationFile('1st', 1764700000000, { up: [], down: [] })).toThrow(/cannot name a migration/);
    expect(() => migrationFile('ok', 17647, { up: [], down: [] })).toThrow(/13 digits/);
  });

  it('makes kebab names of the usual spellings', () => {
    expect(kebabName('add widgets')).toBe('add-widgets');
    expect(kebabName('add_widgets')).toBe('add-widgets');
    expect(kebabName('AddAPITokenScopes')).toBe('add-apitoken-scopes');
    expect(kebabName('api-token-scopes')).toBe('api-token-scopes');
  });
});
