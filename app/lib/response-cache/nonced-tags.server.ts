/**
 * The start tags in a rendered page that carry `nonce="<nonce>"`, found with indexOf rather than
 * a regular expression over the whole body: a page is 70–130 KB and the expression engine tried
 * every position (about 2–3 ms a page, on every render that is cached). React escapes `<` and `>`
 * in attribute values, so the tag around a nonce runs from the `<` before it to the `>` after it.
 */
export function* noncedTags(html: string, nonce: string) {
  const attribute = ` nonce="${nonce}"`;
  let at = html.indexOf(attribute);
  while (at !== -1) {
    const start = html.lastIndexOf("<", at);
    const end = html.indexOf(">", at);
    if (start === -1 || end === -1) return;
    yield { start, end: end + 1, tag: html.slice(start, end + 1) };
    at = html.indexOf(attribute, end);
  }
}

/** The element name of a start tag ("<script async …>" → "script"). */
export function tagName(tag: string): string {
  const match = /^<([a-zA-Z][a-zA-Z0-9-]*)/.exec(tag);
  return match ? match[1].toLowerCase() : "";
}
