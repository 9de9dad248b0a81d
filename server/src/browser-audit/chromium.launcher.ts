import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { constants } from 'node:fs';
import { execFile } from 'node:child_process';
import { access, chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { AppConfig } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';
import { killGroupAndWait, sampleGroup } from './browser-process-group.util';

/**
 * Chromium's switches for the audit browser. The proxy is given per context (one SSRF proxy
 * session each); the launch-wide one points at the discard port, so a context without its own
 * proxy reaches nothing. Nothing bypasses the proxy: not loopback (`<-loopback>` removes
 * Chromium's implicit bypass), not WebRTC (only proxied paths, so no UDP), not DNS (the browser
 * resolves no name itself: every name is mapped to "not found", the proxy does the lookups).
 */
export const AUDIT_CHROMIUM_ARGS = [
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-domain-reliability',
  '--disable-client-side-phishing-detection',
  '--no-first-run',
  '--no-default-browser-check',
  '--mute-audio',
  '--disable-quic',
  '--dns-prefetch-disable',
  // One --disable-features wins over Playwright's own: the background requests its list stops
  // (network time, search preconnects, AI mode checks) are named here again, beside ours.
  '--disable-features=NetworkPrediction,InterestFeedContentSuggestions,MediaRouter,OptimizationHints,Translate,AutofillServerCommunication,NetworkTimeServiceQuerying,PreconnectToSearch,AimEnabled',
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
];

/**
 * The browser's whole environment: what Chromium needs to run, and none of the server's settings
 * (DATABASE_URL, JWT and Stripe secrets, SMTP passwords, …). Playwright would otherwise hand it the
 * server's own environment, and a compromised renderer would start with every secret in reach.
 */
export function browserEnvironment(source: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return {
    PATH: source.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: tmpdir(),
    LANG: 'C.UTF-8',
    ...(source.TZ ? { TZ: source.TZ } : {}),
  };
}

/**
 * The OS user Chromium runs as when the server runs as root (created on first use, like the
 * embedded PostgreSQL's `postgres`): Chromium's sandbox refuses root, and a renderer that escapes
 * it should find an account that owns nothing of the server's.
 */
export const BROWSER_OS_USER = 'footprint-browser';

const run = promisify(execFile);

/**
 * The browser profile's settings, as a visitor's everyday Chrome has them. Chromium's own default
 * (cookie_controls_mode 2, "block third-party cookies in incognito") blocks them in every context
 * Playwright opens, since those are off-the-record; Chrome's everyday windows accept them (and so
 * does Blacklight's crawler), so a tracker's `fr` or `IDE` is only seen with mode 0 ("allow").
 */
export const EVERYDAY_PREFERENCES = { profile: { cookie_controls_mode: 0 } };

/**
 * A launcher script that writes EVERYDAY_PREFERENCES into Playwright's fresh profile folder before
 * Chromium starts (Playwright offers no way to set Chromium preferences), and as root also hands
 * that folder to the sandbox user and becomes it (setpriv: user, group, no supplementary groups),
 * keeping the pipes Playwright talks over. Chromium then starts its own sandbox (user namespaces,
 * seccomp-bpf) for every renderer.
 *
 * The script writes its own process id to `pid` in its folder before it execs (so that id is
 * Chromium's, and the id of the process group Playwright started it in: the server can count and
 * kill the browser's processes, browser-process-group.util.ts).
 */
async function launcherScript(executable: string, user?: { uid: number; gid: number }): Promise<{ script: string; dir: string }> {
  const quoted = `'${executable.replace(/'/g, `'\\''`)}'`;
  const preferences = JSON.stringify(EVERYDAY_PREFERENCES);
  const dir = await mkdtemp(join(tmpdir(), 'footprint-browser-'));
  const script = join(dir, 'chromium');
  const profile = [
    'profile="${arg#--user-data-dir=}"',
    'mkdir -p "$profile/Default" || exit 1',
    `printf '%s' '${preferences}' > "$profile/Default/Preferences" || exit 1`,
    ...(user ? [`chown -R ${user.uid}:${user.gid} "$profile" || exit 1`] : []),
  ].join('; ');
  await writeFile(
    script,
    [
      '#!/bin/sh',
      '# Written by the Footprint server: starts the audit browser with a visitor\'s everyday settings' + (user ? ', as its own unprivileged user.' : '.'),
      `for arg in "$@"; do case "$arg" in --user-data-dir=*) ${profile};; esac; done`,
      `echo $$ > '${join(dir, 'pid')}' || exit 1`,
      user ? `exec setpriv --reuid=${user.uid} --regid=${user.gid} --clear-groups -- ${quoted} "$@"` : `exec ${quoted} "$@"`,
      '',
    ].join('\n'),
  );
  await chmod(dir, 0o755);
  await chmod(script, 0o755);
  return { script, dir };
}

/** As root: the sandbox user's ids, the user created when missing. */
async function sandboxUser(): Promise<{ uid: number; gid: number }> {
  const ids = async () => {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([run('id', ['-u', BROWSER_OS_USER]), run('id', ['-g', BROWSER_OS_USER])]);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
  };
  let user = await ids().catch(() => undefined);
  if (!user) {
    await run('useradd', ['--system', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', BROWSER_OS_USER]);
    user = await ids();
  }
  if (!Number.isInteger(user.uid) || user.uid === 0) throw new Error(`${BROWSER_OS_USER} is not an unprivileged user`);
  return user;
}

/** Why no browser can be had. */
export const SANDBOX_UNAVAILABLE = 'Chromium could not be started with its sandbox on this server (the page is never run without it)';

export class BrowserUnavailableError extends Error {}

/** The running browser and the process group all its processes are in. */
export interface RunningBrowser {
  browser: Browser;
  /** Process group id (= the browser process's id). */
  group: number;
  /**
   * The browser's own processes (browser, zygotes, GPU, network, storage, crash handler): counted
   * again before its first page (right after the start some are still starting), not judged then.
   */
  ownProcesses: number;
  /** A page has run in it (so its count of own processes is final). */
  used?: boolean;
}

/**
 * The one Chromium of this process, launched on first use and again after a crash. Missing
 * binary or a failed launch: BrowserUnavailableError, and the website check falls back to the
 * static analysis.
 */
@Injectable()
export class ChromiumLauncher implements OnApplicationShutdown {
  private readonly logger = new Logger(ChromiumLauncher.name);
  private launching?: Promise<RunningBrowser>;
  private closing = false;
  /** The launcher script's folder of the running browser (as root): removed when the browser is replaced or the server stops. */
  private launcherDir?: string;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The binary is there and executable (checked without launching). */
  async installed(): Promise<boolean> {
    if (!this.config.browserAudit.enabled) return false;
    try {
      await access(this.config.browserAudit.executable, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  }

  async browser(): Promise<Browser> {
    return (await this.running()).browser;
  }

  /** The browser with its process group, started when none runs (or the last one exited or was killed). */
  async running(): Promise<RunningBrowser> {
    if (!this.launching) {
      const launching = this.launch();
      this.launching = launching;
      launching.catch(() => {
        if (this.launching === launching) this.launching = undefined;
      });
    }
    const launching = this.launching;
    const running = await launching;
    if (!running.browser.isConnected()) {
      // Its group may still hold processes (a renderer that outlived the browser process): gone first.
      await killGroupAndWait(running.group);
      if (this.launching === launching) this.launching = undefined;
      return this.running();
    }
    return running;
  }

  /**
   * Ends the browser at once, whatever its pages do: SIGKILL to its whole process group (no
   * graceful close that a hung renderer could hold up), then waits until none of its processes
   * lives. The next job starts a fresh browser. Returns how many processes were still alive after
   * the wait (0 unless the kernel is slower than 3 s to end them).
   */
  async kill(running: RunningBrowser, why: string): Promise<number> {
    if (this.launching && (await this.launching.catch(() => undefined)) === running) this.launching = undefined;
    this.logger.warn(`the audit browser was killed (${why}); the next job starts a fresh one`);
    const left = await killGroupAndWait(running.group);
    if (left > 0) this.logger.error(`${left} audit browser processes still ran after SIGKILL to their group`);
    return left;
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    const launching = this.launching;
    this.launching = undefined;
    const running = await launching?.catch(() => undefined);
    if (running) {
      // A browser whose pages hang does not hold the shutdown: 5 s to close, then its group is killed.
      await Promise.race([running.browser.close().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
      await killGroupAndWait(running.group);
    }
    await this.removeLauncherDir();
  }

  private async removeLauncherDir(): Promise<void> {
    const dir = this.launcherDir;
    this.launcherDir = undefined;
    if (dir) await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }

  private async launch(): Promise<RunningBrowser> {
    if (!(await this.installed())) throw new BrowserUnavailableError(`Chromium is not installed on this server (${this.config.browserAudit.executable})`);
    // Loaded on first use: an instance that never audits a page never loads playwright-core.
    const { chromium } = await import('playwright-core');
    let executablePath: string;
    let launcherDir: string;
    try {
      // One launcher folder at a time: the one of a browser that crashed goes with it.
      await this.removeLauncherDir();
      const launcher = await launcherScript(this.config.browserAudit.executable, process.getuid?.() === 0 ? await sandboxUser() : undefined);
      this.launcherDir = launcher.dir;
      launcherDir = launcher.dir;
      executablePath = launcher.script;
    } catch (err) {
      if (process.getuid?.() === 0) {
        this.logger.error(`the audit browser's own OS user could not be set up: ${err instanceof Error ? err.message.split('\n')[0] : 'unknown error'}`);
        throw new BrowserUnavailableError(SANDBOX_UNAVAILABLE);
      }
      this.logger.error(`the audit browser's launcher could not be written: ${err instanceof Error ? err.message.split('\n')[0] : 'unknown error'}`);
      throw new BrowserUnavailableError(`Chromium could not be prepared on this server (${this.config.browserAudit.executable})`);
    }
    try {
      const browser = await chromium.launch({
        executablePath,
        headless: true,
        // Chromium's own sandbox, always: never an unsandboxed browser (no sandbox: the static analysis, with the reason).
        chromiumSandbox: true,
        args: AUDIT_CHROMIUM_ARGS,
        // Playwright turns the popup blocker off; the audit keeps it on (a page's window.open storm
        // stops at the blocker, and what still opens is closed by the visit at once).
        ignoreDefaultArgs: ['--disable-popup-blocking'],
        env: browserEnvironment(),
        timeout: 20_000,
      });
      browser.on('disconnected', () => {
        if (!this.closing) this.logger.warn('the audit browser exited; it will be started again when needed');
      });
      const group = Number((await readFile(join(launcherDir, 'pid'), 'utf8').catch(() => '')).trim());
      if (!Number.isInteger(group) || group <= 1) {
        await browser.close().catch(() => undefined);
        throw new Error('the launcher did not record the browser process id');
      }
      const { processes } = await sampleGroup(group);
      this.logger.log(`audit browser started (Chromium ${browser.version()}, ${processes} processes)`);
      return { browser, group, ownProcesses: processes };
    } catch (err) {
      this.logger.error(`the audit browser could not start: ${err instanceof Error ? err.message.split('\n')[0] : 'unknown error'}`);
      throw new BrowserUnavailableError(SANDBOX_UNAVAILABLE);
    }
  }
}
