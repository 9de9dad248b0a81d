import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

// docker-compose.yml read the way `docker compose config` reads it: for the static deployment
// checks (compose.int-spec) and for running a service's environment as a process (browser-worker).

const ROOT = join(__dirname, '..', '..');

export type Env = Record<string, string>;
export type Healthcheck = { test?: string | string[]; disable?: boolean };
export type Service = {
  image?: string;
  build?: unknown;
  environment?: Env | string[];
  env_file?: EnvFile | EnvFile[];
  deploy?: { resources?: { limits?: { cpus?: string; memory?: string; pids?: number } } };
  cap_drop?: string[];
  security_opt?: string[];
  read_only?: boolean;
  logging?: { driver?: string; options?: Record<string, string> };
  init?: boolean;
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: Healthcheck;
  volumes?: (string | { type?: string; source?: string; target?: string })[];
  ports?: (string | number | { target?: number; published?: string | number })[];
  restart?: string;
  profiles?: string[];
  entrypoint?: string[];
  command?: string[];
};
export type EnvFile = string | { path: string; required?: boolean };
export type ComposeFile = { services: Record<string, Service>; volumes?: Record<string, unknown> };

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

function interpolateTree<T>(node: T, vars: Env, unset: Set<string>): T {
  if (typeof node === 'string') return interpolate(node, vars, unset) as T;
  if (Array.isArray(node)) return node.map((n) => interpolateTree(n, vars, unset)) as T;
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, interpolateTree(v, vars, unset)])) as T;
  }
  return node;
}

const composeText = readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8');
/** docker-compose.yml as `docker compose config` would see it with these variables (.env, shell). */
export function loadCompose(vars: Env = {}): { compose: ComposeFile; unset: Set<string> } {
  const unset = new Set<string>();
  return { compose: interpolateTree(parse(composeText) as ComposeFile, vars, unset), unset };
}

/** A service's own `environment` block. */
export function environmentOf(service: Service): Env {
  const env = service.environment ?? {};
  const entries = Array.isArray(env)
    ? env.map((line) => {
        const i = line.indexOf('=');
        return i < 0 ? [line, ''] : [line.slice(0, i), line.slice(i + 1)];
      })
    : Object.entries(env).map(([k, v]) => [k, v === null || v === undefined ? '' : String(v)]);
  return Object.fromEntries(entries);
}
