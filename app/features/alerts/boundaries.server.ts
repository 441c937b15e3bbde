import { getDb } from "#app/lib/db.server";
import { repeatingJob } from "#app/lib/repeating-job.server";
import { bumpContentVersion } from "#app/lib/response-cache/versions.server";
import { alertBoundaryPassed } from "./alerts.server";

// A page rendered before a scheduled alert starts (or before one expires) goes on showing the old
// alerts from the response cache until the "alerts" content version changes, and no write happens
// at that moment. This job watches the clock: when a published alert's start or expiry has passed
// since its last look, it bumps the version, and every instance's cache drops those pages. Every
// instance runs it; two bumps for one boundary only cost one extra render per page.

let lastLook: Date | null = null;

/** One look: bumps "alerts" when a start or expiry fell after the previous look. Answers whether it did. */
export async function bumpPassedAlertBoundaries(now: Date = new Date(), since?: Date): Promise<boolean> {
  const from = since ?? lastLook ?? now;
  lastLook = now;
  if (from >= now) return false;
  const db = getDb();
  if (!(await alertBoundaryPassed(from, now, db))) return false;
  await bumpContentVersion(db, "alerts");
  return true;
}

// Every five seconds: a cached page changes within seconds of the moment.
const boundaryJob = repeatingJob({
  run: () => bumpPassedAlertBoundaries(),
  intervalMs: 5_000,
  failure: "alert boundary check failed",
});

export function startAlertBoundaryJob() {
  if (boundaryJob.isRunning()) return;
  lastLook = new Date();
  boundaryJob.start();
}

export function stopAlertBoundaryJob() {
  boundaryJob.stop();
  lastLook = null;
}
