import { useEffect, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { type Toast, toastLimits } from "#app/lib/toast";
import { useTranslation } from "#app/lib/translations";
import { CheckCircle2, X } from "./icons";
import { TooltipBubble } from "./tooltip";

// Toasts from the flash (app/web/flash.server.ts), delivered in the root loader's data. The rules:
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
      {visible.map((toast) => (
        <ToastItem
          key={toast.id}
          text={t(`toast.messages.${toast.name}`)}
          closeLabel={t("toast.dismiss")}
          paused={paused}
          onDismiss={() => dismiss(toast.id)}
        />
      ))}
    </div>
  );
}

function ToastItem(props: { text: string; closeLabel: string; paused: boolean; onDismiss: () => void }) {
  const { paused, onDismiss } = props;
  const remaining = useRef<number>(toastLimits.durationMs);
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = window.setTimeout(onDismiss, remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, onDismiss]);
  return (
    <details
      open
      className="toast pointer-events-auto relative w-full max-w-[356px] rounded-lg border border-slate-200 bg-white py-3 pr-12 pl-4 shadow-lg"
      data-testid="toast"
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a <summary> is the toggle button of its <details> */}
      <summary
        aria-label={props.closeLabel}
        className="tooltip-anchor absolute top-2 right-2 flex size-8 shrink-0 cursor-pointer list-none items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 [&::-webkit-details-marker]:hidden"
        onClick={(event) => {
          // With JavaScript the toast leaves the queue, so the next one can take its place.
          event.preventDefault();
          onDismiss();
        }}
      >
        <X className="size-4" aria-hidden="true" />
        {/* Above the button: the toaster sits at the bottom of the screen. */}
        <TooltipBubble text={props.closeLabel} className="right-0 bottom-full mb-1 whitespace-nowrap" />
      </summary>
      <p className="flex items-start gap-2 text-sm text-slate-900">
        <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
        <span>{props.text}</span>
      </p>
    </details>
  );
}
