import { describe, expect, it } from "vitest";
import { abandonWhileQueued, RenderAbandoned, renderConcurrency } from "./render-concurrency";

describe("renderConcurrency", () => {
  it("drops a queued render whose visitor left, and gives its place to the next", async () => {
    const limit = renderConcurrency(1);
    const rendered: string[] = [];
    let finishFirst: () => void = () => {};
    const render = limit.wrap(async (request: Request) => {
      rendered.push(new URL(request.url).pathname);
      if (rendered.length === 1) await new Promise<void>((resolve) => (finishFirst = resolve));
      return new URL(request.url).pathname;
    });
    const left = new AbortController();
    const first = render(new Request("http://local/first"));
    const gone = render(abandonWhileQueued(new Request("http://local/gone"), left.signal));
    const next = render(new Request("http://local/next"));
    await new Promise((resolve) => setImmediate(resolve)); // the first has its place
    left.abort();
    finishFirst();
    await expect(first).resolves.toBe("/first");
    await expect(gone).rejects.toBeInstanceOf(RenderAbandoned);
    await expect(next).resolves.toBe("/next");
    expect(rendered).toEqual(["/first", "/next"]);
  });

  it("drops a queued request whose own signal aborted, and never aborts a render that has begun", async () => {
    const limit = renderConcurrency(1);
    let finishFirst: () => void = () => {};
    const left = new AbortController();
    const render = limit.wrap(async (request: Request) => {
      if (request.url.endsWith("/first")) await new Promise<void>((resolve) => (finishFirst = resolve));
      return request.url;
    });
    const first = render(abandonWhileQueued(new Request("http://local/first"), left.signal));
    const aborted = new AbortController();
    const queued = render(new Request("http://local/queued", { signal: aborted.signal }));
    await new Promise((resolve) => setImmediate(resolve)); // the first has its place
    aborted.abort();
    left.abort(); // the first has its place already: it finishes
    finishFirst();
    await expect(first).resolves.toBe("http://local/first");
    await expect(queued).rejects.toBeInstanceOf(RenderAbandoned);
  });
});
