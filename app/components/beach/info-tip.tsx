import { useId } from "react";
import { Info } from "#app/components/ui/icons";

/**
 * A tooltip that needs no JavaScript: the explanation shows on hover and on keyboard focus (CSS),
 * and is tied to the trigger with aria-describedby so screen readers read it too.
 */
export function InfoTip({ label, text }: { label: string; text: string }) {
  const id = useId();
  return (
    <span className="group relative inline-flex align-middle">
      <button
        type="button"
        aria-describedby={id}
        className="inline-flex size-7 items-center justify-center rounded-full text-slate-500 hover:text-brand-800 focus-visible:text-brand-800"
      >
        <Info className="size-4" aria-hidden="true" />
        <span className="sr-only">{label}</span>
      </button>
      <span
        role="tooltip"
        id={id}
        className="invisible absolute top-full right-0 z-20 mt-1 w-64 max-w-[80vw] rounded-md bg-slate-900 px-3 py-2 text-xs font-normal text-white opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100 sm:right-auto sm:left-1/2 sm:-translate-x-1/2"
      >
        {text}
      </span>
    </span>
  );
}
