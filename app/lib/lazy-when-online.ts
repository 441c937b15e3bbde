import { type ComponentType, lazy } from "react";

/**
 * React.lazy for the site shell's optional parts (the offline indicator, the ad network).
 * A chunk that cannot be fetched because the connection dropped keeps the part suspended (its
 * fallback shows) and is asked for again when the browser is back online, instead of sending the
 * whole page to its error boundary, whose own code might not be loaded either.
 */
// biome-ignore lint/suspicious/noExplicitAny: the same constraint as React.lazy's own
export function lazyWhenOnline<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => retryWhenOnline(load));
}

export function retryWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(
    () =>
      new Promise<T>((resolve, reject) => {
        window.addEventListener("online", () => retryWhenOnline(load).then(resolve, reject), { once: true });
      }),
  );
}
