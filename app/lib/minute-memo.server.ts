import type { ContentKind } from "#app/lib/response-cache/content-kinds";
import { pendingVersionRead, versionOf } from "#app/lib/response-cache/versions.server";

/**
 * Answers kept for the minute they were asked in, by key. For blocks many pages show that change
 * with the clock and with content: the key names the content versions the answer read, so a write
 * makes a new key at once. A failed answer is forgotten, so the next caller asks again.
 */
export function minuteMemo<T>(capacity = 8) {
  const answers = new Map<string, Promise<T>>();
  return function remembered(key: string, now: Date, compute: () => Promise<T>): Promise<T> {
    const fullKey = `${Math.floor(now.getTime() / 60_000)}:${key}`;
    let answer = answers.get(fullKey);
    if (!answer) {
      // Old minutes' keys are never asked for again: dropping them all keeps the map small.
      if (answers.size >= capacity) answers.clear();
      const computing = compute();
      answer = computing;
      answers.set(fullKey, computing);
      computing.catch(() => {
        if (answers.get(fullKey) === computing) answers.delete(fullKey);
      });
    }
    return answer;
  };
}

/**
 * A minute memo for public blocks read from content of these kinds: their versions are part of
 * every key, so a write makes a new key at once. It first waits for a version read in flight: after
 * a write in this process the versions are being re-read, and the writer's next page (signed in, it
 * does not pass the response cache, which waits for that read itself) must show the change.
 */
export function contentMemo<T>(kinds: readonly ContentKind[], capacity = 8) {
  const remembered = minuteMemo<T>(capacity);
  return async function rememberedForContent(key: string, now: Date, compute: () => Promise<T>): Promise<T> {
    await pendingVersionRead();
    return remembered(`${kinds.map((kind) => versionOf(kind)).join(".")}:${key}`, now, compute);
  };
}
