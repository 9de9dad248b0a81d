#!/usr/bin/env node
// Completes package-lock.json with the platform-specific optional packages the npm registry mirror
// of our machines does not serve (for example @swc/core-darwin-arm64): `npm install` here leaves them
// out of the lock, and `npm ci` then refuses the lock everywhere ("Missing: ... from lock file").
// Each missing optional dependency gets an entry with its version, os, cpu and libc, taken from its
// name the way these packages are named, so npm skips it on other platforms without fetching it.
// Entries have no integrity hash: this registry cannot give one; npm checks it on first download.
//
//   node scripts/complete-lockfile.mjs          add the missing entries (after `npm install`)
//   node scripts/complete-lockfile.mjs --check  exit 1 if any entry is missing (CI)
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const lockPath = fileURLToPath(new URL('../package-lock.json', import.meta.url));
const check = process.argv.includes('--check');
const text = readFileSync(lockPath, 'utf8');
const lock = JSON.parse(text);
const packages = lock.packages;

const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'];

/** os/cpu/libc from a platform package's name: '@swc/core-linux-arm-gnueabihf' -> linux, arm, glibc. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const osAt = parts.findIndex((p) => OS.includes(p));
  if (osAt < 0 || !CPU.includes(parts[osAt + 1])) return undefined;
  const abi = parts.slice(osAt + 2).join('-');
  const platform = { os: [parts[osAt]], cpu: [parts[osAt + 1]] };
  if (parts[osAt] === 'linux' && /^gnu/.test(abi)) platform.libc = ['glibc'];
  if (parts[osAt] === 'linux' && /^musl/.test(abi)) platform.libc = ['musl'];
  return platform;
}

/** Where npm would look for `dep` required from the package at `from` (node_modules lookup). */
function resolves(from, dep) {
  for (let dir = from; ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf('/node_modules/')))) {
    const candidate = dir ? `${dir}/node_modules/${dep}` : `node_modules/${dep}`;
    if (packages[candidate]) return true;
    if (!dir) return false;
  }
}

const added = [];
for (const [path, entry] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolves(path, dep)) continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(range)) {
      console.error(`${path}: optional dependency ${dep}@${range} is missing and is not a platform package: run npm install`);
      process.exitCode = 1;
      continue;
    }
    // Not found anywhere up the chain, so the top level is free: npm hoists it there.
    // Keys in the order npm writes them, so a later `npm install` leaves the entry as it is.
    packages[`node_modules/${dep}`] = {
      version: range,
      cpu: platform.cpu,
      ...(entry.dev ? { dev: true } : {}),
      ...(entry.devOptional ? { devOptional: true } : {}),
      ...(platform.libc ? { libc: platform.libc } : {}),
      optional: true,
      os: platform.os,
    };
    added.push(`${dep}@${range}`);
  }
}

if (check) {
  if (added.length) {
    console.error(`package-lock.json lacks ${added.length} platform packages (${added.join(', ')}).`);
    console.error('npm ci would refuse it. Run: node scripts/complete-lockfile.mjs');
    process.exit(1);
  }
  console.log('package-lock.json: every optional platform package has an entry');
} else if (added.length) {
  const sorted = Object.fromEntries(
    Object.keys(packages)
      .sort((a, b) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en')))
      .map((k) => [k, packages[k]]),
  );
  lock.packages = sorted;
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: added ${added.length} platform packages: ${added.join(', ')}`);
} else {
  console.log('package-lock.json: nothing to add');
}
