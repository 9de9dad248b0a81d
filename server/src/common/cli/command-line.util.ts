import { ConfigError } from '../config/app.config';

/** A command used the wrong way: its usage is printed and it exits 64 (EX_USAGE). */
export class UsageError extends Error {}

export const print = (line: string) => process.stdout.write(`${line}\n`);

/**
 * Runs an operator command to its exit code, the same way for every command: a bad setting exits
 * 78 with the setting named, a usage error 64 with the usage, anything else 1 with `label: message`.
 */
export function runCommand(label: string, usage: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      if (err instanceof ConfigError) {
        process.stderr.write(`${err.message}\n`);
        process.exit(78);
      }
      process.stderr.write(`${label}: ${err instanceof Error ? err.message : String(err)}\n`);
      if (err instanceof UsageError) process.stderr.write(`\n${usage}\n`);
      process.exit(err instanceof UsageError ? 64 : 1);
    },
  );
}
