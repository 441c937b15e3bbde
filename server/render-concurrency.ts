/**
 * At most `limit` buffered page renders at a time (the response cache's), the rest queued in
 * arrival order. Streamed responses are not limited here: a slot held while a slow phone downloads
 * would let a few slow clients stall everyone. Fifty renders at once
 * on two cores each take fifty times longer, hold fifty pages in memory, and on the embedded
 * database all queue behind one connection anyway; a short queue in front answers sooner.
 */
export function renderConcurrency(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];

  async function acquire() {
    if (running < limit) {
      running += 1;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function release() {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }

  return {
    wrap<A extends unknown[], R>(fn: (...args: A) => Promise<R>) {
      return async (...args: A): Promise<R> => {
        await acquire();
        try {
          return await fn(...args);
        } finally {
          release();
        }
      };
    },
  };
}
