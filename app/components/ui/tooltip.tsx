import { useEffect } from "react";

// Tooltips without a library (decision 006): CSS shows the bubble on hover and on focus after 700 ms
// so they work before and without JavaScript; the text is always in the accessible name
// or description too. A few document listeners (useTooltipBehaviour, once in the site shell) add
// what CSS cannot: the 300 ms skip (the next tooltip opens at once just after one closed), tap to
// show on touch screens, and Escape to hide.

export const tooltipDelayMs = 700;
export const tooltipSkipDelayMs = 300;

/**
 * Wraps a trigger. With `id`, the bubble is the trigger's description (give the trigger
 * aria-describedby={id}); without, it repeats the trigger's own label (aria-label or sr-only text)
 * for sighted users and is hidden from assistive technology.
 */
export function Tooltip({
  text,
  id,
  children,
  bubbleClassName = "bottom-full left-1/2 mb-1 -translate-x-1/2 whitespace-nowrap",
}: {
  text: string;
  id?: string;
  children: React.ReactNode;
  bubbleClassName?: string;
}) {
  return (
    <span className={`${tooltipAnchorClass} inline-flex`}>
      {children}
      <TooltipBubble text={text} id={id} className={bubbleClassName} />
    </span>
  );
}

/**
 * For a trigger that cannot be wrapped (a <summary> must stay its <details>' first child, a pin is
 * placed absolutely): give the trigger `tooltipAnchorClass` and put this bubble inside it.
 */
export const tooltipAnchorClass = "tooltip-anchor relative";

export function TooltipBubble({ text, id, className }: { text: string; id?: string; className: string }) {
  const bubble = `tooltip-bubble pointer-events-none absolute z-50 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-normal text-white shadow-lg ${className}`;
  if (id) {
    return (
      <span role="tooltip" id={id} className={bubble}>
        {text}
      </span>
    );
  }
  // A repeat of the trigger's name, hidden from assistive technology. Drawn by CSS from the
  // attribute, so it is no part of the trigger's text either (a toast's text stays its message).
  return <span aria-hidden="true" data-tooltip={text} className={`${bubble} before:content-[attr(data-tooltip)]`} />;
}

function anchorOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? (target.closest(".tooltip-anchor") as HTMLElement | null) : null;
}

function isShowing(anchor: HTMLElement) {
  const bubble = anchor.querySelector(".tooltip-bubble");
  return bubble ? getComputedStyle(bubble).visibility === "visible" : false;
}

export function useTooltipBehaviour() {
  useEffect(() => {
    const root = document.documentElement;
    let skipTimer = 0;
    const leave = (event: Event) => {
      const anchor = anchorOf(event.target);
      if (!anchor) return;
      const related = (event as MouseEvent | FocusEvent).relatedTarget;
      if (related instanceof Node && anchor.contains(related)) return;
      if (isShowing(anchor)) {
        root.dataset.tooltipSkip = "";
        window.clearTimeout(skipTimer);
        skipTimer = window.setTimeout(() => delete root.dataset.tooltipSkip, tooltipSkipDelayMs);
      }
      delete anchor.dataset.open;
      delete anchor.dataset.dismissed;
    };
    const tap = (event: PointerEvent) => {
      for (const open of document.querySelectorAll<HTMLElement>(".tooltip-anchor[data-open]")) {
        if (!open.contains(event.target as Node)) delete open.dataset.open;
      }
      const anchor = anchorOf(event.target);
      if (anchor && event.pointerType === "touch") anchor.dataset.open = "";
    };
    const hideOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      for (const anchor of document.querySelectorAll<HTMLElement>(".tooltip-anchor")) {
        if (isShowing(anchor)) {
          anchor.dataset.dismissed = "";
          delete anchor.dataset.open;
        }
      }
    };
    document.addEventListener("mouseout", leave);
    document.addEventListener("focusout", leave);
    document.addEventListener("pointerdown", tap);
    document.addEventListener("keydown", hideOnEscape);
    return () => {
      window.clearTimeout(skipTimer);
      document.removeEventListener("mouseout", leave);
      document.removeEventListener("focusout", leave);
      document.removeEventListener("pointerdown", tap);
      document.removeEventListener("keydown", hideOnEscape);
    };
  }, []);
}
