/** The end of a plan paid once for a month or a year, from the moment the payment was confirmed. */
export function planPeriodEnd(from: Date, interval: string) {
  const end = new Date(from);
  if (interval === "year") end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}
