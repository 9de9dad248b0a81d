import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { print, runCommand, UsageError } from './common/cli/command-line.util';
import { loadConfig } from './common/config/app.config';
import { migrationDataSource } from './common/database/migrations.data-source';
import { EmbeddedDatabase } from './common/database/embedded-database.supervisor';
import { migrationFile } from './common/database/migration-file.writer';
import { migrationStatus, revertLastMigration, runPendingMigrations, schemaDifference } from './common/database/schema-migrations.runner';
import { createRootLogger } from './common/logging/json.logger';
import { PACKAGE_ROOT } from './common/package-info.util';

const USAGE = `Usage: node dist/server/migrate-cli.js <command>   (npm run migration:<command>)

Commands, on the database of DATABASE_URL (or DATABASE_URL_FILE, with DATABASE_PASSWORD(_FILE)):
  run                   apply every pending migration, one instance at a time (advisory lock)
  revert                undo the last applied migration (run it again to undo more)
  show [--check]        list the migrations: [x] applied, [ ] pending; --check exits 1 while any is pending
  generate <name> [--timestamp <ms>]
                        write server/src/common/database/migrations/<ms>-<name>.ts with the SQL that takes
                        the migrated schema to what the entities describe
  check                 exit 1 when the entities and the migrations describe different schemas

generate and check work on a throwaway embedded PostgreSQL when DATABASE_URL is unset.
Run them on a checkout after a build: the npm scripts build the server first when its sources changed.`;

const MIGRATIONS_DIR = join(PACKAGE_ROOT, 'server', 'src', 'common', 'database', 'migrations');

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

/** The configured database, or (for generate and check only) a throwaway embedded one. */
async function withDatabase<T>(allowThrowaway: boolean, work: (url: string, throwaway: boolean) => Promise<T>): Promise<T> {
  const config = loadConfig();
  if (config.databaseUrl) return work(config.databaseUrl, false);
  if (!allowThrowaway) {
    throw new UsageError('DATABASE_URL is not set: name the database to migrate (postgres://user:password@host:5432/database).');
  }
  const dir = await mkdtemp(join(tmpdir(), 'footprint-migrations-'));
  await chmod(dir, 0o755); // the embedded server's 'postgres' user must enter it when we are root
  const embedded = new EmbeddedDatabase(dir, createRootLogger('warn'));
  try {
    print('DATABASE_URL is not set: using a throwaway embedded PostgreSQL with every migration applied');
    return await work(await embedded.start(), true);
  } finally {
    await embedded.stop().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  }
}

async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (!command || command === 'help' || command === '--help') {
    print(USAGE);
    return command ? 0 : 64;
  }
  if (!['run', 'revert', 'show', 'generate', 'check'].includes(command)) throw new UsageError(`unknown command "${command}"`);

  return withDatabase(command === 'generate' || command === 'check', async (url, throwaway) => {
    const dataSource = await migrationDataSource(url).initialize();
    try {
      switch (command) {
        case 'run': {
          const applied = await runPendingMigrations(dataSource, { onWait: () => print('another process is migrating this database; waiting for it') });
          print(applied.length ? `applied ${applied.length}:\n${applied.map((n) => `  ${n}`).join('\n')}` : 'nothing to apply: the database is up to date');
          return 0;
        }
        case 'revert': {
          const reverted = await revertLastMigration(dataSource, { onWait: () => print('another process is migrating this database; waiting for it') });
          print(reverted ? `reverted ${reverted}` : 'nothing to revert: no migration is applied');
          return 0;
        }
        case 'show': {
          const status = await migrationStatus(dataSource);
          for (const m of status) print(`[${m.applied ? 'x' : ' '}] ${m.name}`);
          const pending = status.filter((m) => !m.applied).length;
          print(pending ? `${pending} pending` : 'all applied');
          return rest.includes('--check') && pending > 0 ? 1 : 0;
        }
        case 'check':
        case 'generate': {
          // A database of one's own is compared as it is: applying migrations is migration:run's job.
          if (throwaway) await runPendingMigrations(dataSource);
          const pending = (await migrationStatus(dataSource)).filter((m) => !m.applied);
          if (pending.length > 0) throw new UsageError(`${pending.length} migration(s) are not applied to this database yet: run migration:run first, or unset DATABASE_URL to compare on a throwaway database`);
          const difference = await schemaDifference(dataSource);
          if (command === 'check') {
            if (difference.up.length === 0) {
              print('the entities and the migrations agree');
              return 0;
            }
            print(`the entities differ from the migrations; generate a migration (npm run migration:generate -- <name>):`);
            for (const q of difference.up) print(`  ${q.query}`);
            return 1;
          }
          const name = rest.find((a, i) => !a.startsWith('--') && rest[i - 1] !== '--timestamp');
          if (!name) throw new UsageError('generate needs a name: npm run migration:generate -- add-widget-table');
          if (difference.up.length === 0) {
            print('nothing to generate: the entities and the migrations agree');
            return 0;
          }
          const timestampOption = option(rest, '--timestamp');
          const file = migrationFile(name, timestampOption ? Number(timestampOption) : Date.now(), difference);
          const path = join(MIGRATIONS_DIR, file.fileName);
          if (existsSync(path)) throw new UsageError(`${path} exists already`);
          await writeFile(path, file.source);
          print(`wrote ${path} (${difference.up.length} statement${difference.up.length === 1 ? '' : 's'}); read it before committing`);
          return 0;
        }
      }
      return 64;
    } finally {
      await dataSource.destroy();
    }
  });
}

runCommand(`migration ${process.argv[2]}`, USAGE, () => main(process.argv.slice(2)));
