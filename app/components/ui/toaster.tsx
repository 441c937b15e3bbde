import { Suspense, useEffect, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { lazyWhenOnline } from "#app/lib/lazy-when-online";
import { type Toast, toastLimits } from "#app/lib/toast";
import { useTranslation } from "#app/lib/translations";

// A toast's code is fetched only when there is one to show. The server renders it in place (so it
// shows and closes without JavaScript); a browser hydrating the page keeps that HTML until it arrives.
const ToastItem = lazyWhenOnline(() => import("./toast-item"));

// Toasts from the flash (app/web/flash.server.ts), delivered in the root loader's data. Spec §9:
// at most three visible, 4000 ms each, 356 px wide; more wait their turn and enter one at a time as
// a place frees. Without JavaScript the server renders them and each closes with its own
// <details> toggle (CSS hides a closed one); with it, they leave after their time, which pauses
// while the pointer or focus is on them (a reader must be able to finish).

export function Toaster() {
  const root = useRouteLoaderData("root") as { toasts?: Toast[] } | undefined;
  const incoming = root?.toasts ?? [];
  const { t } = useTranslation();
  const seen = useRef(new Set<string>());
  const [queue, setQueue] = useState<Toast[]>(() => {
    for (const toast of incoming) seen.current.add(toast.id);
    return incoming;
  });
  const [paused, setPaused] = useState(false);

  // New toasts from a later loader run (an action's redirect) join the queue once.
  useEffect(() => {
    const fresh = incoming.filter((toast) => !seen.current.has(toast.id));
    if (!fresh.length) return;
    for (const toast of fresh) seen.current.add(toast.id);
    setQueue((current) => [...current, ...fresh]);
  }, [incoming]);

  const dismiss = (id: string) => setQueue((current) => current.filter((toast) => toast.id !== id));
  const visible = queue.slice(0, toastLimits.visible);

  return (
    // The live region exists from the first render, so toasts added later are announced. Pointer
    // and focus only pause the timers; nothing is activated here.
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus pause the toasts' timers
    <div
      aria-live="polite"
      aria-relevant="additions text"
      className="toaster pointer-events-none fixed inset-x-4 bottom-4 z-50 flex flex-col items-center gap-2 sm:inset-x-auto sm:right-4 sm:items-end"
      data-testid="toaster"
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {visible.length ? (
        <Suspense fallback={null}>
          {visible.map((toast) => (
            <ToastItem
              key={toast.id}
              text={t(`toast.messages.${toast.name}`)}
              closeLabel={t("toast.dismiss")}
              paused={paused}
              onDismiss={() => dismiss(toast.id)}
            />
          ))}
        </Suspense>
      ) : null}
    </div>
  );
}
