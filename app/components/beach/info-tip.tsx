import { useId } from "react";
import { Info } from "#app/components/ui/icons";
import { Tooltip } from "#app/components/ui/tooltip";

/**
 * An explanation behind an info button: the shared tooltip (hover, focus, tap; 700 ms), tied to the
 * button with aria-describedby so screen readers read it with or without JavaScript.
 */
export function InfoTip({ label, text }: { label: string; text: string }) {
  const id = useId();
  return (
    <span className="inline-flex align-middle">
      <Tooltip
        text={text}
        id={id}
        bubbleClassName="top-full right-0 mt-1 w-64 max-w-[80vw] sm:right-auto sm:left-1/2 sm:-translate-x-1/2"
      >
        <button
          type="button"
          aria-describedby={id}
          className="inline-flex size-7 items-center justify-center rounded-full text-slate-500 hover:text-brand-800 focus-visible:text-brand-800"
        >
          <Info className="size-4" aria-hidden="true" />
          <span className="sr-only">{label}</span>
        </button>
      </Tooltip>
    </span>
  );
}
