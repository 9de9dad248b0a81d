import 'reflect-metadata';
import { issueEmailLink } from './auth/email-link.util';
import { EmailTokenEntity } from './auth/email-token.entity';
import { EmailTokenRepository } from './auth/email-token.repository';
import { UserEntity } from './auth/user.entity';
import { UserRepository } from './auth/user.repository';
import { print, runCommand, UsageError } from './common/cli/command-line.util';
import { loadConfig } from './common/config/app.config';
import { migrationDataSource } from './common/database/migrations.data-source';
import { EmbeddedDatabase } from './common/database/embedded-database.supervisor';
import { createRootLogger } from './common/logging/json.logger';

const USAGE = `Usage: node dist/server/mail-link-cli.js <verify|reset> <email address>   (npm run mail-link -- …)

Prints a new link for the account with this address, for a server that sends no email (SMTP_URL
unset) or a message that did not arrive. Hand it to the account holder yourself:
  verify   confirms the address (works once, for 24 hours)
  reset    sets a new password (works once, for one hour)
Earlier unused links of the same kind stop working. Uses DATABASE_URL, or the embedded database in
DATA_DIR (the running app's, when it is running). See docs/MAIL.md.`;

/** The configured database; else the embedded one, attached to when the app runs, else started for this command. */
async function withDatabaseUrl<T>(work: (url: string) => Promise<T>): Promise<T> {
  const config = loadConfig();
  if (config.databaseUrl) return work(config.databaseUrl);
  const embedded = new EmbeddedDatabase(config.dataDir, createRootLogger('warn'), config.embeddedPgPort);
  const running = await embedded.runningUrl();
  if (running) return work(running);
  try {
    return await work(await embedded.start());
  } finally {
    await embedded.stop().catch(() => undefined);
  }
}

async function main(args: string[]): Promise<number> {
  const [kind, address] = args;
  if (!kind || kind === 'help' || kind === '--help') {
    print(USAGE);
    return kind ? 0 : 64;
  }
  if (kind !== 'verify' && kind !== 'reset') throw new UsageError(`unknown kind "${kind}"`);
  if (!address) throw new UsageError('name the account by its email address');
  const { publicUrl } = loadConfig();
  return withDatabaseUrl(async (url) => {
    const dataSource = await migrationDataSource(url).initialize();
    try {
      const user = await new UserRepository(dataSource.getRepository(UserEntity)).findByEmail(address.trim());
      if (!user) {
        process.stderr.write('no account has this address\n');
        return 1;
      }
      if (kind === 'verify' && user.emailVerifiedAt) {
        print('this address is verified already: nothing to do');
        return 0;
      }
      const link = await issueEmailLink(new EmailTokenRepository(dataSource.getRepository(EmailTokenEntity)), user.id, kind, publicUrl);
      print(link);
      return 0;
    } finally {
      await dataSource.destroy();
    }
  });
}

runCommand('mail-link', USAGE, () => main(process.argv.slice(2)));
