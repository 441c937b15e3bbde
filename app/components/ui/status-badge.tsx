import type { ReactNode } from "react";
import { FlaskConical } from "./icons";

export type StatusTone = "success" | "warning" | "danger" | "info" | "neutral";

const tones: Record<StatusTone, string> = {
  success: "bg-green-100 text-green-900 ring-green-200",
  warning: "bg-amber-100 text-amber-900 ring-amber-200",
  danger: "bg-red-100 text-red-900 ring-red-200",
  info: "bg-brand-50 text-brand-900 ring-brand-100",
  neutral: "bg-slate-100 text-slate-800 ring-slate-200",
};

/** A short state word (verified, pending, disabled…) in a colour that matches; the text carries the meaning, not the colour. */
export function StatusBadge({
  tone = "neutral",
  children,
  testId,
}: {
  tone?: StatusTone;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${tones[tone]}`}
      data-testid={testId}
    >
      {children}
    </span>
  );
}

/**
 * The mark on a sample record seeded for the demo, so nobody takes it for a real one; `tip` says
 * so at more length on hover. `className` sets the padding and weight to match the badges beside it.
 */
export function DemoMark({
  label,
  tip,
  className = "px-2 py-0.5 font-medium",
}: {
  label: string;
  tip?: string;
  className?: string;
}) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-slate-100 text-slate-700 ${className}`}
      title={tip}
    >
      <FlaskConical className="size-3.5" aria-hidden="true" />
      {label}
    </span>
  );
}
