import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppLogger } from '../logger';

/**
 * Work a request starts but does not wait for (an account email whose sending time would tell
 * whether the address has an account). Each task's failure is logged; closing the app waits
 * for the tasks still running, so a graceful shutdown does not drop them.
 */
export type BackgroundTasks = {
  run(name: string, task: () => Promise<void>): void;
  /**
   * Runs a task once `reply` has gone out (its last byte written, or the connection gone):
   * nothing of the task (building an email, the mail server's time) can delay or shape the
   * answer (issue 28). `idle()` waits for it too.
   */
  afterReply(reply: FastifyReply, name: string, task: () => Promise<void>): void;
  /** Resolves when every task started so far has settled. */
  idle(): Promise<void>;
};

export function createBackgroundTasks(log: () => AppLogger): BackgroundTasks {
  const running = new Set<Promise<void>>();
  return {
    run(name, task) {
      const promise: Promise<void> = Promise.resolve()
        .then(task)
        .catch((error: unknown) => log().error({ err: error, task: name }, `${name} failed`))
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    afterReply(reply, name, task) {
      const raw = reply.raw;
      const sent = raw.writableFinished
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            raw.once('finish', () => resolve());
            raw.once('close', () => resolve());
          });
      this.run(name, () => sent.then(task));
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    background: BackgroundTasks;
  }
}

export function registerBackgroundTasks(app: FastifyInstance): void {
  app.decorate(
    'background',
    createBackgroundTasks(() => app.log),
  );
  app.addHook('onClose', async () => {
    await app.background.idle();
  });
}
