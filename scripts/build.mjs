#!/usr/bin/env node
// Builds the server (tsc -> dist/server) and the client (vite -> dist/client), and records a hash of
// what each was built from in dist/.build-inputs.json, so that `npm start` can skip a build whose
// sources have not changed since.
//
//   node scripts/build.mjs                   build both
//   node scripts/build.mjs --server          build the server only (--client: the client only)
//   node scripts/build.mjs --if-changed      build only the parts whose inputs changed, or whose output is missing
//
// Inputs are hashed by content (not modification times, which a checkout or a copy changes).
// Without sources (a copy holding only dist/), --if-changed builds nothing.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STAMP = join(ROOT, 'dist', '.build-inputs.json');
/** Files that never reach a build's output. */
const IGNORED = /(\.spec\.tsx?|\.test-helpers\.ts)$/;

/** What each part is built from, what it produces, and how. */
const PARTS = {
  server: {
    inputs: ['server/src', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'],
    output: 'dist/server/main.js',
    build() {
      rmSync(join(ROOT, 'dist', 'server'), { recursive: true, force: true });
      run('tsc', ['-p', 'tsconfig.build.json']);
    },
  },
  client: {
    // The client bundles server/src/browser-shared (the @browser-shared alias) and the API types.
    inputs: ['client', 'server/src/browser-shared', 'openapi/schema.d.ts', 'package-lock.json'],
    output: 'dist/client/index.html',
    build() {
      run('vite', ['build', '--config', 'client/vite.config.mts']);
    },
  },
};

function run(bin, args) {
  const local = join(ROOT, 'node_modules', '.bin', bin);
  if (!existsSync(local)) {
    console.error(`build: ${bin} is not installed (run npm install; a production install has no build tools)`);
    process.exit(1);
  }
  const result = spawnSync(local, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function filesUnder(path) {
  const absolute = join(ROOT, path);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [path];
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((file) => !IGNORED.test(file) && !file.split('/').includes('node_modules'));
}

/** A hash of the part's input files (names and contents); undefined when its sources are absent. */
function inputHash(part) {
  const files = [...new Set(part.inputs.flatMap(filesUnder))].sort();
  if (!files.some((file) => !file.endsWith('.json'))) return undefined;
  const hash = createHash('sha256');
  for (const file of files) hash.update(`${file}\0`).update(readFileSync(join(ROOT, file))).update('\0');
  return hash.digest('hex');
}

const readStamp = () => {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return {};
  }
};

const args = process.argv.slice(2);
const ifChanged = args.includes('--if-changed');
const only = ['server', 'client'].filter((name) => args.includes(`--${name}`));
const names = only.length > 0 ? only : ['server', 'client'];

for (const name of names) {
  const part = PARTS[name];
  const hash = inputHash(part);
  if (ifChanged) {
    if (hash === undefined) continue; // no sources here: use the build as it is
    if (readStamp()[name] === hash && existsSync(join(ROOT, part.output))) {
      console.log(`build: ${name} is up to date`);
      continue;
    }
  }
  const started = Date.now();
  part.build();
  // The hash taken before building: an edit made meanwhile is built next time.
  mkdirSync(dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, `${JSON.stringify({ ...readStamp(), [name]: hash }, null, 2)}\n`);
  console.log(`build: ${name} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
