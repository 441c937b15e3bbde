// Loaded with `node --import` into the visual-baseline server only (playwright.config.ts): the
// server's clock starts at one fixed instant, so the demo seed's dates, "open now", the tides and
// the beach report draw the same page on every run. Time still moves from there at its own pace
// (deadlines and cache ages keep working); nothing in the app knows about it.
const fixed = Date.parse(process.env.FIXED_NOW ?? "");
if (Number.isFinite(fixed)) {
  const RealDate = Date;
  const offset = fixed - RealDate.now();
  class FixedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = FixedDate;
}
