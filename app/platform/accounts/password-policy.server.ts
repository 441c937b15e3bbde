import { commonPasswords } from "./common-passwords";

// The shipped list (common-passwords.ts), plus the patterns no list can enumerate: one character
// repeated, and straight runs up or down the digits, the alphabet or a keyboard row.
const common = new Set(commonPasswords.map((password) => password.toLowerCase()));

const runs = ["0123456789", "abcdefghijklmnopqrstuvwxyz", "qwertyuiop", "asdfghjkl", "zxcvbnm"];

function isStraightRun(value: string): boolean {
  return runs.some((run) => run.includes(value) || [...run].reverse().join("").includes(value));
}

export function isCommonPassword(password: string): boolean {
  const value = password.trim().toLowerCase();
  if (common.has(value)) return true;
  if (/^(.)\1+$/u.test(value)) return true;
  if (isStraightRun(value)) return true;
  // "password2024!", "qwerty123456": a listed word with digits or symbols tacked on.
  const stripped = value.replace(/[\d\W_]+$/u, "");
  return (
    stripped.length >= 6 &&
    stripped !== value &&
    (common.has(stripped) || ["password", "qwerty", "contrasena", "contraseña"].includes(stripped))
  );
}

export const passwordPolicy = { isCommonPassword };
