import { useEffect, useRef } from "react";
import { toastLimits } from "#app/lib/toast";
import { CheckCircle2, X } from "./icons";
import { TooltipBubble } from "./tooltip";

// One toast of the toaster (toaster.tsx), in a chunk of its own: most pages carry no toast, so the
// browser fetches this only when one is there to show.

export default function ToastItem(props: { text: string; closeLabel: string; paused: boolean; onDismiss: () => void }) {
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
