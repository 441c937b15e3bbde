import type { ReactNode } from "react";
import { RecordStatusBadge } from "#app/components/directory/record-status";
import { LocalizedLink } from "#app/components/ui/localized-link";

/** One claim in a list (the admin's queue, a person's own claims): the business, its status, then details. */
export function ClaimCard({
  claim,
  testId,
  children,
}: {
  claim: { businessName: string; businessSlug: string; status: string };
  testId: string;
  children: ReactNode;
}) {
  return (
    <li className="rounded-xl border border-slate-200 p-4" data-testid={testId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <LocalizedLink to={`/business/${claim.businessSlug}`} className="font-semibold text-brand-800 hover:underline">
          {claim.businessName}
        </LocalizedLink>
        <RecordStatusBadge status={claim.status} />
      </div>
      {children}
    </li>
  );
}
