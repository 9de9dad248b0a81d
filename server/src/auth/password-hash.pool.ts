import { Inject, Injectable, Logger, OnModuleDestroy, Optional } from '@nestjs/common';
import type { ScryptOptions } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { AdmissionQueue } from '../common/backpressure/admission.queue';
import { AppConfig } from '../common/config/app.config';
import { APP_CONFIG } from '../common/config/config.module';
import { MetricsService } from '../common/metrics/metrics.service';
import { dummyPasswordHash, hashPassword, ScryptFn, verifyPassword } from './password.hasher';

/**
 * The worker's whole program: plain JavaScript (no build step, so the same code runs under Jest),
 * one synchronous scrypt at a time.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
parentPort.on('message', ({ id, password, salt, keyLength, options }) => {
  try {
    const key = scryptSync(password, Buffer.from(salt), keyLength, options);
    parentPort.postMessage({ id, key });
  } catch (err) {
    parentPort.postMessage({ id, error: err && err.message ? err.message : String(err) });
  }
});
`;

interface Job {
  id: number;
  resolve(key: Buffer): void;
  reject(err: Error): void;
}

interface HashWorker {
  worker: Worker;
  job?: Job;
}

/**
 * Password hashing off the event loop and out of libuv's small shared thread pool (which file
 * and DNS work also need): scrypt runs in PASSWORD_HASH_WORKERS worker threads, and hashes
 * beyond them wait in a bounded queue (TUNING.passwordHashQueue, at most TUNING.passwordHashWaitMs); past
 * that the request is refused with 503 and Retry-After instead of every sign-in slowing down.
 */
@Injectable()
export class PasswordHashPool implements OnModuleDestroy {
  private readonly logger = new Logger(PasswordHashPool.name);
  private readonly queue: AdmissionQueue;
  private readonly idle: HashWorker[] = [];
  private readonly all = new Set<HashWorker>();
  private nextId = 0;
  private closed = false;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Optional() metrics?: MetricsService) {
    this.queue = new AdmissionQueue('password-hash', config.passwordHashing);
    metrics?.trackQueue(this.queue.name, () => this.queue.stats);
  }

  get stats() {
    return { workers: this.all.size, ...this.queue.stats };
  }

  /** 503 at once when a hash asked for now would be refused: before any database work is spent on the request. */
  assertCapacity(): void {
    this.queue.assertRoom();
  }

  hash(password: string): Promise<string> {
    return hashPassword(password, this.scrypt);
  }

  verify(password: string, stored: string): Promise<boolean> {
    return verifyPassword(password, stored, this.scrypt);
  }

  /** The hash that unknown accounts are verified against, so both paths cost the same. */
  dummyHash(): Promise<string> {
    return dummyPasswordHash(this.scrypt);
  }

  onModuleDestroy(): Promise<void> {
    this.closed = true;
    return Promise.all([...this.all].map((w) => w.worker.terminate())).then(() => undefined);
  }

  private readonly scrypt: ScryptFn = (password, salt, keyLength, options) =>
    this.queue.run(() => this.onWorker(password, salt, keyLength, options));

  /** The queue admits no more jobs than there are workers, so a worker is free here. */
  private onWorker(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('password hashing is shut down'));
    const slot = this.idle.pop() ?? this.spawn();
    return new Promise<Buffer>((resolve, reject) => {
      slot.job = { id: ++this.nextId, resolve, reject };
      slot.worker.postMessage({ id: slot.job.id, password, salt, keyLength, options });
    });
  }

  private spawn(): HashWorker {
    const slot: HashWorker = { worker: new Worker(WORKER_SOURCE, { eval: true }) };
    slot.worker.unref(); // never what keeps the process alive
    slot.worker.on('message', (reply: { id: number; key?: Uint8Array; error?: string }) => {
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      slot.job = undefined;
      this.idle.push(slot);
      if (reply.key) job.resolve(Buffer.from(reply.key));
      else job.reject(new Error(`scrypt failed: ${reply.error ?? 'unknown error'}`));
    });
    const lost = (why: string) => {
      if (!this.all.delete(slot)) return;
      const index = this.idle.indexOf(slot);
      if (index >= 0) this.idle.splice(index, 1);
      if (!this.closed) this.logger.error(`password hash worker stopped: ${why}`);
      slot.job?.reject(new Error(`password hash worker stopped: ${why}`));
      slot.job = undefined;
    };
    slot.worker.on('error', (err) => lost(err.message));
    slot.worker.on('exit', (code) => lost(`exit code ${code}`));
    this.all.add(slot);
    return slot;
  }
}
