import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';

/**
 * Work done after the response is sent (so that, for example, a password reset request takes the
 * same time whether or not the account exists). Failures are logged; shutdown waits for the rest.
 */
@Injectable()
export class BackgroundTasks implements OnModuleDestroy {
  private readonly logger = new Logger(BackgroundTasks.name);
  private readonly pending = new Set<Promise<void>>();

  run(name: string, task: () => Promise<void>): void {
    const running: Promise<void> = Promise.resolve()
      .then(task)
      .catch((err: unknown) => this.logger.error(`${name} failed: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  /** Resolves when every task started so far has finished. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async onModuleDestroy(): Promise<void> {
    await this.idle();
  }
}
