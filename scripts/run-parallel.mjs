#!/usr/bin/env node
// Runs shell commands side by side and fails if any of them fails: `npm test`'s checks (type
// checks, ESLint, the OpenAPI drift check, the builds) are single-threaded, so on two cores they
// take about half as long together as one after another.
//
//   node scripts/run-parallel.mjs 'command one' 'command two && command three' ...
//
// Each command's output is held and printed whole when it ends, with its time, so that the logs of
// different commands never interleave.
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('usage: run-parallel.mjs COMMAND...');
  process.exit(2);
}

function run(command) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString();
      process.stdout.write(`\n> ${command}\n${text}${text.endsWith('\n') || !text ? '' : '\n'}`);
      const ok = code === 0;
      console.log(ok ? `ok in ${seconds} s: ${command}` : `FAILED (${signal ?? `exit ${code}`}) after ${seconds} s: ${command}`);
      resolve(ok);
    });
  });
}

const results = await Promise.all(commands.map(run));
const failed = commands.filter((_, i) => !results[i]);
if (failed.length) {
  console.error(`\n${failed.length} of ${commands.length} failed:\n${failed.map((c) => `  ${c}`).join('\n')}`);
  process.exit(1);
}
