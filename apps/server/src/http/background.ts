import type { FastifyInstance } from 'fastify';
import type { AppLogger } from '../logger';

/**
 * Work a request starts but does not wait for (an account email whose sending time would tell
 * whether the address has an account). Each task's failure is logged; closing the app waits
 * for the tasks still running, so a graceful shutdown does not drop them.
 */
export type BackgroundTasks = {
  run(name: string, task: () => Promise<void>): void;
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
