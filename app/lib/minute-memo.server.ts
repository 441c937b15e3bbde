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
