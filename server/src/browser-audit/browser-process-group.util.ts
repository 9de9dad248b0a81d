import { readdir, readFile } from 'node:fs/promises';

/**
 * The audit browser's processes, read from /proc by its process group. Chromium is started in a
 * process group of its own (Playwright spawns it detached; the launcher script execs it, so the
 * group's id is the browser process's id) and every process it starts (zygotes, renderers, GPU,
 * network and storage services, crash handler) starts in that group, so killing the group ends
 * the whole browser, which Playwright also relies on. A process that is a zombie is
 * not counted: it holds no memory and runs nothing; its parent (or init) reaps it.
 */
export interface GroupSample {
  /** Living processes in the group. */
  processes: number;
  /**
   * Anonymous resident memory summed over them (RssAnon of /proc/PID/status), in bytes: what the
   * pages made Chromium allocate (heaps, ArrayBuffers, strings). File-backed pages (the Chromium
   * binary and its libraries, mapped by every process and counted again in each VmRSS) are left
   * out, so the sum is not inflated tenfold by sharing.
   */
  anonymousBytes: number;
}

const EMPTY: GroupSample = { processes: 0, anonymousBytes: 0 };

/** One pass over /proc: the group's living processes and their anonymous memory. Never throws. */
export async function sampleGroup(group: number): Promise<GroupSample> {
  if (!Number.isInteger(group) || group <= 1) return EMPTY;
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return EMPTY;
  }
  const wanted = String(group);
  const members = await Promise.all(
    entries
      .filter((name) => /^\d+$/.test(name))
      .map(async (pid) => {
        const stat = await readFile(`/proc/${pid}/stat`, 'latin1').catch(() => '');
        // After the command's closing parenthesis: state, ppid, pgrp, …
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (fields[2] !== wanted || fields[0] === 'Z' || fields[0] === 'X') return undefined;
        const status = await readFile(`/proc/${pid}/status`, 'latin1').catch(() => '');
        const kib = /^RssAnon:\s+(\d+)\s+kB/m.exec(status)?.[1];
        return Number(kib ?? 0) * 1024;
      }),
  );
  const living = members.filter((bytes): bytes is number => bytes !== undefined);
  return { processes: living.length, anonymousBytes: living.reduce((sum, bytes) => sum + bytes, 0) };
}

/** SIGKILL to the whole group (no process of it can ignore or outlive it). False when none was left to signal. */
export function killGroup(group: number): boolean {
  if (!Number.isInteger(group) || group <= 1) return false;
  try {
    process.kill(-group, 'SIGKILL');
    return true;
  } catch {
    return false;
  }
}

/** Kills the group, then waits (up to `maxMs`) until none of its processes lives; the count left. */
export async function killGroupAndWait(group: number, maxMs = 3_000): Promise<number> {
  const until = Date.now() + maxMs;
  killGroup(group);
  for (;;) {
    const { processes } = await sampleGroup(group);
    if (processes === 0 || Date.now() >= until) return processes;
    // A process forked while the signal was on its way: signalled again.
    killGroup(group);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The group's renderer holding the most anonymous memory (a page's heap and its dedicated
 * workers, which are threads of it). Pages of different browser contexts never share a renderer,
 * so ending this process ends the visit at fault and no other scan's page.
 */
export async function largestRenderer(group: number): Promise<{ pid: number; anonymousBytes: number } | undefined> {
  if (!Number.isInteger(group) || group <= 1) return undefined;
  const entries = await readdir('/proc').catch(() => [] as string[]);
  let largest: { pid: number; anonymousBytes: number } | undefined;
  for (const pid of entries.filter((name) => /^\d+$/.test(name))) {
    const stat = await readFile(`/proc/${pid}/stat`, 'latin1').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[2] !== String(group) || fields[0] === 'Z' || fields[0] === 'X') continue;
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'latin1').catch(() => '');
    if (!cmdline.includes('--type=renderer')) continue;
    const status = await readFile(`/proc/${pid}/status`, 'latin1').catch(() => '');
    const bytes = Number(/^RssAnon:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0) * 1024;
    if (!largest || bytes > largest.anonymousBytes) largest = { pid: Number(pid), anonymousBytes: bytes };
  }
  return largest;
}

/** SIGKILL to one process of the group (a renderer). False when it was gone already or is not in the group. */
export async function killMember(group: number, pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, 'latin1').catch(() => '');
  if (stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2] !== String(group)) return false;
  try {
    process.kill(pid, 'SIGKILL');
    return true;
  } catch {
    return false;
  }
}
