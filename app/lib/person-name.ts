// A person's name as a visitor types it into any form whose content reaches someone else's inbox
// or screen (sign-up, bookings, messages, property inquiries, the contact form). It is one line
// and holds no link: a "name" of "Hi\nYour account is suspended! Verify at https://…" made our
// no-reply address carry phishing to whatever address was typed in. The same rule everywhere, so
// no form can be the one that lets it through.

// Line breaks of every kind (CR, LF, NEL, LINE and PARAGRAPH SEPARATOR) and other controls.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const notOneLine = /[\u0000-\u001f\u007f\u0085\u2028\u2029]/;
// A scheme ("https:", "mailto:"), "www.", an address with "@", or a dotted host followed by a path
// or port ("evil.example/verify", "bit.ly:80"); plain dotted initials ("J. R.") and names stay.
const linkLike =
  /[a-z][a-z0-9+.-]*:\/\/|\b(?:https?|mailto|ftp|data|javascript):|\bwww\.|@|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:[/:?#]|$)/i;

/** The key of the message that explains the rule, in every language (common namespace). */
export const personNameMessageKey = "common:errors.personName";

export function isPersonName(value: string): boolean {
  return !notOneLine.test(value) && !linkLike.test(value);
}
