/**
 * At most `limit` page renders at a time, the rest queued in arrival order: the response cache's
 * renders, and signed-in pages until React Router hands back their response. A place is never held
 * while a response streams to the visitor: a slow phone downloading would stall everyone. Fifty
 * renders at once
 * on two cores each take fifty times longer, hold fifty pages in memory, and on the embedded
 * database all queue behind one connection anyway; a short queue in front answers sooner.
 */
/** Thrown instead of rendering a page whose visitor left while it waited for its turn. */
export class RenderAbandoned extends Error {
  constructor() {
    super("the visitor left before the render's turn came");
  }
}

const queueSignals = new WeakMap<Request, AbortSignal>();

/**
 * Drops `request` from the queue once `signal` aborts, without aborting its render once begun
 * (a page rendered for the cache is still worth keeping when its visitor has gone).
 */
export function abandonWhileQueued(request: Request, signal: AbortSignal): Request {
  queueSignals.set(request, signal);
  return request;
}

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

  /**
   * Waits for a place and returns the function that gives it back (once, however often called);
   * throws RenderAbandoned when the request was abandoned while it waited.
   */
  async function place(request?: Request): Promise<() => void> {
    await acquire();
    // Under overload the queue fills with requests whose visitors gave up (a load balancer's
    // timeout, a closed tab): rendering them only made everyone behind them wait longer.
    if (request && (queueSignals.get(request) ?? request.signal).aborted) {
      release();
      throw new RenderAbandoned();
    }
    let given = false;
    return () => {
      if (given) return;
      given = true;
      release();
    };
  }

  return {
    place,
    wrap<A extends unknown[], R>(fn: (...args: A) => Promise<R>) {
      return async (...args: A): Promise<R> => {
        const done = await place(args[0] instanceof Request ? args[0] : undefined);
        try {
          return await fn(...args);
        } finally {
          done();
        }
      };
    },
  };
}

export type RenderConcurrency = ReturnType<typeof renderConcurrency>;
