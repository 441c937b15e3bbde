// Capital letters drawn as single-stroke SVG paths, for the words on the demo covers. A fresh
// machine with only Node may have no font at all (librsvg then draws nothing where text was), and
// a different font would change the rendered bytes, so the covers carry their letters as shapes.
// Each glyph sits on a 10-unit cap height (y 0 at the top, 10 on the baseline); accents go above.

interface Glyph {
  width: number;
  d: string;
}

const glyphs: Record<string, Glyph> = {
  A: { width: 7, d: "M0 10 L3.5 0 L7 10 M1.2 6.6 H5.8" },
  B: { width: 6.2, d: "M0 10 V0 H3.4 A2.4 2.4 0 0 1 3.4 4.8 H0 M3.4 4.8 H3.6 A2.6 2.6 0 0 1 3.6 10 H0" },
  C: { width: 7, d: "M6.83 1.46 A4 5 0 1 0 6.83 8.54" },
  D: { width: 7, d: "M0 0 V10 H2.2 A4.8 5 0 0 0 2.2 0 Z" },
  E: { width: 5.8, d: "M5.8 0 H0 V10 H5.8 M0 5 H4.8" },
  F: { width: 5.8, d: "M5.8 0 H0 V10 M0 5 H4.8" },
  G: { width: 8, d: "M6.83 1.46 A4 5 0 1 0 8 5 H4.8" },
  H: { width: 7, d: "M0 0 V10 M7 0 V10 M0 5 H7" },
  I: { width: 0, d: "M0 0 V10" },
  J: { width: 5, d: "M5 0 V7 A2.5 3 0 0 1 0 7" },
  K: { width: 6.6, d: "M0 0 V10 M6.4 0 L0 6.4 M2.2 4.3 L6.6 10" },
  L: { width: 5.4, d: "M0 0 V10 H5.4" },
  M: { width: 9, d: "M0 10 V0 L4.5 7.5 L9 0 V10" },
  N: { width: 7, d: "M0 10 V0 L7 10 V0" },
  O: { width: 9.6, d: "M4.8 0 A4.8 5 0 1 0 4.8 10 A4.8 5 0 1 0 4.8 0 Z" },
  P: { width: 6.2, d: "M0 10 V0 H3.4 A2.7 2.75 0 0 1 3.4 5.5 H0" },
  Q: { width: 9.6, d: "M4.8 0 A4.8 5 0 1 0 4.8 10 A4.8 5 0 1 0 4.8 0 Z M6 7 L9.6 10.6" },
  R: { width: 6.4, d: "M0 10 V0 H3.4 A2.7 2.75 0 0 1 3.4 5.5 H0 M3.2 5.5 L6.4 10" },
  S: {
    width: 6.6,
    d: "M6.2 1.8 C5.5 0.5 4.4 0 3.2 0 C1.5 0 0.4 1.1 0.4 2.6 C0.4 4.2 1.8 4.6 3.4 5.1 C5.2 5.6 6.6 6.1 6.6 7.6 C6.6 9.1 5.3 10 3.4 10 C2 10 0.8 9.4 0.2 8.2",
  },
  T: { width: 7, d: "M0 0 H7 M3.5 0 V10" },
  U: { width: 7, d: "M0 0 V6.5 A3.5 3.5 0 0 0 7 6.5 V0" },
  V: { width: 7, d: "M0 0 L3.5 10 L7 0" },
  W: { width: 10.4, d: "M0 0 L2.6 10 L5.2 2.2 L7.8 10 L10.4 0" },
  X: { width: 7, d: "M0 0 L7 10 M7 0 L0 10" },
  Y: { width: 7, d: "M0 0 L3.5 5 L7 0 M3.5 5 V10" },
  Z: { width: 7, d: "M0 0 H7 L0 10 H7" },
  "&": {
    width: 7,
    d: "M7 10 L1.9 3.6 C1 2.4 1.5 0 3.2 0 C4.8 0 5.3 2.2 4 3.4 L1.6 5.5 C-0.2 7 0.6 10 3 10 C4.8 10 6 8.8 6.8 6.5",
  },
  "·": { width: 0, d: "M0 5 h0.01" },
  "-": { width: 4, d: "M0 5.5 H4" },
  ".": { width: 0, d: "M0 10 h0.01" },
  "'": { width: 0, d: "M0 0 V2.5" },
};

const accents: Record<string, (center: number) => string> = {
  "\u0301": (c) => `M${c - 1} -1.6 L${c + 1} -3.6`,
  "\u0303": (c) => `M${c - 2.2} -2 C${c - 1.2} -3.6 ${c - 0.6} -3.2 ${c} -2.6 S${c + 1.2} -1.6 ${c + 2.2} -3.2`,
  "\u0308": (c) => `M${c - 1.6} -2.4 h0.01 M${c + 1.6} -2.4 h0.01`,
};

/** Space between letters and the width of a space, in cap-height units. */
const tracking = 2.6;
const spaceWidth = 4;

/**
 * One line of capitals as a path (origin top-left of the caps); its width in units. Letters with
 * accents are decomposed (Í = I + acute); anything with no drawing is left as a space.
 */
export function signText(text: string): { d: string; width: number } {
  const parts: string[] = [];
  let x = 0;
  for (const composed of text.toUpperCase()) {
    const [base, ...marks] = composed.normalize("NFD");
    if (base === " " || !glyphs[base]) {
      x += spaceWidth;
      continue;
    }
    const glyph = glyphs[base];
    parts.push(shift(glyph.d, x));
    for (const mark of marks) {
      const accent = accents[mark];
      if (accent) parts.push(accent(x + glyph.width / 2));
    }
    x += glyph.width + tracking;
  }
  return { d: parts.join(" "), width: Math.max(0, x - tracking) };
}

/** The characters of a text that have no drawing (they would show as gaps). */
export function undrawable(text: string): string[] {
  return [...text.toUpperCase()].filter((composed) => {
    const [base, ...marks] = composed.normalize("NFD");
    return base !== " " && (!glyphs[base] || marks.some((mark) => !accents[mark]));
  });
}

/** Moves a path right by dx: every absolute x in it (M, L, H, C, S, A end points). */
function shift(d: string, dx: number): string {
  if (dx === 0) return d;
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return d.replace(/([MLHCSAVZhv])([^MLHCSAVZhv]*)/g, (_, command: string, args: string) => {
    const numbers = args.trim()
      ? args
          .trim()
          .split(/[\s,]+/)
          .map(Number)
      : [];
    switch (command) {
      case "M":
      case "L":
      case "C":
      case "S":
        return `${command}${numbers.map((n, i) => (i % 2 === 0 ? round(n + dx) : n)).join(" ")} `;
      case "H":
        return `H${numbers.map((n) => round(n + dx)).join(" ")} `;
      case "A":
        return `A${numbers.map((n, i) => (i % 7 === 5 ? round(n + dx) : n)).join(" ")} `;
      default:
        return `${command}${args}`;
    }
  });
}
