import { logger } from "./logger.server";

/**
 * A background job that runs `run` every `intervalMs` while the server runs. A failed run is
 * logged under `failure` and the next one comes at its time; the timer never keeps the process
 * alive, and starting a running job changes nothing.
 */
export function repeatingJob(options: { run: () => Promise<unknown>; intervalMs: number; failure: string }) {
  let timer: NodeJS.Timeout | null = null;
  return {
    start() {
      if (timer) return;
      timer = setInterval(() => {
        options.run().catch((error) => logger.error({ err: error }, options.failure));
      }, options.intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    isRunning: () => timer !== null,
  };
}
