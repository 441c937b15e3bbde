import type { ReactNode } from "react";

/** One figure on a dashboard (a count, a size): the label above, the value large. Goes inside a <dl>. */
export function Stat({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold break-words" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
