import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// A local OpenAI-compatible endpoint (POST /v1/chat/completions) for tests: each request takes the
// next scripted step, either tool calls or a final text, answered as JSON or, when the request
// asks for stream: true, as server-sent events in chunks. Every request body is kept so a test can
// see what the model was shown (only the question, the history and tool results).

export type MockStep =
  | { toolCalls: { name: string; args: Record<string, unknown> }[] }
  | { text: string }
  | { status: number };

export interface MockLlm {
  baseUrl: string;
  requests: {
    messages: { role: string; content: unknown }[];
    tools?: { function: { name: string } }[];
    stream?: boolean;
  }[];
  script(steps: MockStep[]): void;
  close(): Promise<void>;
}

export async function startMockLlm(): Promise<MockLlm> {
  let steps: MockStep[] = [];
  const requests: MockLlm["requests"] = [];
  let callId = 0;
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      if (request.method !== "POST" || !request.url?.endsWith("/chat/completions")) {
        response.writeHead(404).end();
        return;
      }
      const parsed = JSON.parse(body || "{}");
      requests.push(parsed);
      const step = steps.shift() ?? { text: "" };
      if ("status" in step) {
        response
          .writeHead(step.status, { "content-type": "application/json" })
          .end(JSON.stringify({ error: { message: "scripted failure" } }));
        return;
      }
      const toolCalls =
        "toolCalls" in step
          ? step.toolCalls.map((call, index) => ({
              index,
              id: `call_${++callId}`,
              type: "function",
              function: { name: call.name, arguments: JSON.stringify(call.args) },
            }))
          : undefined;
      const content = "text" in step ? step.text : null;
      const finish = toolCalls ? "tool_calls" : "stop";
      if (parsed.stream) {
        response.writeHead(200, { "content-type": "text/event-stream" });
        const send = (delta: unknown, finishReason: string | null) =>
          response.write(
            `data: ${JSON.stringify({ id: "mock", object: "chat.completion.chunk", created: 0, model: parsed.model, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`,
          );
        if (toolCalls) send({ role: "assistant", tool_calls: toolCalls }, null);
        else
          for (const piece of (content ?? "").match(/.{1,12}/gs) ?? [])
            send({ role: "assistant", content: piece }, null);
        send({}, finish);
        response.end("data: [DONE]\n\n");
        return;
      }
      response.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          id: "mock",
          object: "chat.completion",
          created: 0,
          model: parsed.model,
          choices: [
            { index: 0, message: { role: "assistant", content, tool_calls: toolCalls }, finish_reason: finish },
          ],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script(next) {
      steps = [...next];
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
