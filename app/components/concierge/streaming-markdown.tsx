import type { ReactNode } from "react";

// An answer's Markdown while it streams in, before the server's sanitized HTML replaces it: the
// few forms the concierge writes (paragraphs, "- " lists, "> " quotes, **bold**, [links](…)) made
// into React elements, never HTML, so nothing in the text can become markup. Links keep only
// site paths, http(s) and tel:.

function safeHref(href: string): string | null {
  if (/^\/(?!\/)/.test(href) || /^(https?:|tel:|mailto:)/i.test(href)) return href;
  return null;
}

function inline(text: string, key: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  const pattern = /\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)[^)]*\)/g;
  let last = 0;
  let index = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) nodes.push(text.slice(last, match.index));
    const id = `${key}-${index++}`;
    if (match[1] !== undefined) nodes.push(<strong key={id}>{match[1]}</strong>);
    else {
      const href = safeHref(match[3]);
      nodes.push(
        href ? (
          <a key={id} href={href}>
            {match[2]}
          </a>
        ) : (
          match[2]
        ),
      );
    }
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

const listItem = /^\s*[-*] /;

export function StreamingMarkdown({ markdown }: { markdown: string }) {
  // Consecutive lines of one kind (list items, quote lines, text) make one element.
  const groups: { kind: "list" | "quote" | "text"; lines: string[] }[] = [];
  for (const block of markdown.split(/\n{2,}/)) {
    let previous: (typeof groups)[number] | null = null;
    for (const line of block.split("\n")) {
      if (!line.trim()) continue;
      const kind = listItem.test(line) ? "list" : line.startsWith(">") ? "quote" : "text";
      if (previous && previous.kind === kind) previous.lines.push(line);
      else {
        previous = { kind, lines: [line] };
        groups.push(previous);
      }
    }
  }
  return (
    <>
      {groups.map((group, groupIndex) => {
        const key = `g${groupIndex}`;
        if (group.kind === "list")
          return (
            <ul key={key}>
              {group.lines.map((line, lineIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the text only grows, so an item's position is its identity
                <li key={`${key}-${lineIndex}`}>{inline(line.replace(listItem, ""), `${key}-${lineIndex}`)}</li>
              ))}
            </ul>
          );
        const text = group.lines.map((line) => line.replace(/^>\s?/, "")).join(" ");
        if (group.kind === "quote")
          return (
            <blockquote key={key}>
              <p>{inline(text, key)}</p>
            </blockquote>
          );
        return <p key={key}>{inline(text, key)}</p>;
      })}
    </>
  );
}
