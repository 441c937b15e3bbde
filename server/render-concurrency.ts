/**
 * At most `limit` page renders at a time, the rest queued in arrival order: the response cache's
 * renders, and signed-in pages until React Router hands back their response. A place is never held
 * while a response streams to the visitor: a slow phone downloading would stall everyone. Fifty
 * renders at once
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
