import { spawn } from "node:child_process";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";

// On SIGTERM the server used to close its listening socket at once: connections that had reached
// the socket but were not accepted yet (the event loop was busy) were reset. Now it stops (readiness
// fails), takes in what is queued, serves it, and only then closes. No database here: this is the
// HTTP layer alone (server/serve.ts), once per project is enough, so PostgreSQL skips it.

function rawGet(port: number, path: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.on("connect", () => socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
    socket.on("data", (chunk) => {
      answer += chunk.toString();
    });
    socket.on("error", (error: NodeJS.ErrnoException) => resolve(`error ${error.code}`));
    socket.on("close", () => resolve(answer || "closed without an answer"));
  });
}

describe.runIf(process.env.DB_KIND !== "postgres")("shutdown on SIGTERM", () => {
  it("serves every request that reached the socket before the signal was handled, then exits 0", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/fixtures/drain-server.ts"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        const match = output.match(/port (\d+)/);
        if (match) resolve(Number(match[1]));
      });
      child.once("exit", (code) => reject(new Error(`exited early (${code})`)));
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    try {
      // Block the event loop, queue a signal behind it, then connections behind the signal: when
      // the loop wakes up it sees the signal first.
      const busy = rawGet(port, "/busy");
      await new Promise((resolve) => setTimeout(resolve, 400));
      child.kill("SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 100));
      const queued = Array.from({ length: 20 }, (_, i) => rawGet(port, `/queued-${i}`));
      const answers = await Promise.all(queued);
      expect(await busy).toContain("busy done");
      for (const [i, answer] of answers.entries()) {
        expect(answer, `request ${i}`).toMatch(/^HTTP\/1\.1 200/);
        expect(answer).toContain(`ok /queued-${i}`);
      }
      expect(await exited).toBe(0);
      expect(output).toContain("drained");
      // And then it is really closed.
      expect(await rawGet(port, "/after")).toMatch(/^error ECONNREFUSED|closed without an answer/);
    } finally {
      child.kill("SIGKILL");
    }
  }, 60_000);
});
