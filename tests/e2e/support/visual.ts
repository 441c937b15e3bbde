/**
 * The instant the visual baselines are drawn at (a Saturday, mid-morning in Flamingo): the visual
 * server's clock (fixed-clock.mjs) and the browser's start here, so pages look the same every run.
 */
export const visualNow = "2026-11-21T16:30:00.000Z";
