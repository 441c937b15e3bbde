// Costa Rican tax IDs as a claim gives them: a company's cédula jurídica (ten digits starting with 3,
// written 3-101-123456) or a person's cédula física (nine digits, written 1-2345-6789). People type
// them with dashes, spaces or dots, and older papers write a física with a leading zero
// (01-2345-6789); all of those are the same number, stored as its digits only.

export const taxIdKinds = ["juridica", "fisica"] as const;
export type TaxIdKind = (typeof taxIdKinds)[number];

export interface TaxId {
  kind: TaxIdKind;
  /** Digits only, as Hacienda's lookup takes them. */
  digits: string;
}

/** Null when the text is not a cédula jurídica or física. */
export function parseTaxId(input: string): TaxId | null {
  const text = input.trim();
  if (!/^[\d\s.-]+$/.test(text)) return null;
  const groups = text.split(/[\s.-]+/).map((group) => group.length);
  // Written in groups, they must be the groups of one kind: 3-101-12345 is a jurídica missing a
  // digit, not the física 310112345.
  const grouped = groups.length > 1;
  let digits = text.replace(/[\s.-]/g, "");
  if (digits.length === 10 && digits.startsWith("0")) digits = digits.slice(1);
  if (/^3\d{9}$/.test(digits) && (!grouped || sameGroups(groups, [1, 3, 6]))) return { kind: "juridica", digits };
  // Provinces 1–7, 8 for naturalised citizens, 9 for special cases; never 0.
  if (/^[1-9]\d{8}$/.test(digits) && (!grouped || sameGroups(groups, [1, 4, 4]) || sameGroups(groups, [2, 4, 4])))
    return { kind: "fisica", digits };
  return null;
}

function sameGroups(groups: number[], expected: number[]) {
  return groups.length === expected.length && groups.every((length, index) => length === expected[index]);
}

/** The kind of a stored (digits-only) ID. */
export function taxIdKindOf(digits: string): TaxIdKind {
  return digits.length === 10 ? "juridica" : "fisica";
}

/** The way the number is written on papers: 3-101-123456 or 1-2345-6789. */
export function formatTaxId(digits: string): string {
  if (/^\d{10}$/.test(digits)) return `${digits.slice(0, 1)}-${digits.slice(1, 4)}-${digits.slice(4)}`;
  if (/^\d{9}$/.test(digits)) return `${digits.slice(0, 1)}-${digits.slice(1, 5)}-${digits.slice(5)}`;
  return digits;
}

// Words a registered company name carries that the name on its sign does not.
const legalWords = new Set([
  "s",
  "a",
  "sa",
  "srl",
  "ltda",
  "limitada",
  "sociedad",
  "anonima",
  "de",
  "del",
  "la",
  "el",
  "y",
  "responsabilidad",
  "the",
]);

function nameWords(name: string): string[] {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .split(" ")
    .filter((word) => word && !legalWords.has(word));
}

/**
 * Whether the name Hacienda has on file is the name given: every significant word of the shorter
 * appears in the longer, in any order (Hacienda writes people surname first, in capitals, and
 * companies with their S.A. or S.R.L.).
 */
export function taxNamesMatch(registered: string, given: string): boolean {
  const a = nameWords(registered);
  const b = nameWords(given);
  if (!a.length || !b.length) return false;
  const [shorter, longer] = a.length <= b.length ? [a, new Set(b)] : [b, new Set(a)];
  return shorter.every((word) => longer.has(word));
}

/**
 * Whether Hacienda's situacion.estado says the taxpayer is registered: "Inscrito", or "Inscrito de
 * Oficio" when Hacienda registered them itself; "No inscrito" and "Desinscrito" are not.
 */
export function isActiveTaxStatus(estado: string): boolean {
  return /^inscrito\b/i.test(estado.trim());
}
