/** What a GET filter form shows as chosen: each filter's value from the URL, "" (its "any") for one left open. */
export function filterFormValues<T extends object, K extends keyof T>(filters: T, keys: readonly K[]) {
  return Object.fromEntries(keys.map((key) => [key, filters[key] ?? ""])) as { [P in K]: NonNullable<T[P]> | "" };
}
