import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { filesUnder } from "#tests/support/files";

// Every domain write takes the caller's transaction as an optional last parameter (db.server.ts,
// `Executor`), so a feature can compose several domains' writes into one transaction. This reads
// every exported async function in app/{platform,features,compose}/**/*.server.ts whose body inserts, updates or
// deletes, and fails when it has no executor/tx parameter, unless it is allowed below for a reason.

/** Functions that write but deliberately own their transaction or connection; each says why. */
const allowed: Record<string, string> = {
  "app/platform/accounts/auth-flows.server.ts#signIn": "better-auth writes the session through its own connection",
  "app/platform/accounts/auth-flows.server.ts#signOut": "better-auth ends the session through its own connection",
  "app/features/beach/conditions.server.ts#createConditionReport":
    "stores the photo file before the insert and removes it when the insert fails",
  "app/features/beach/marine.server.ts#getMarineForecast":
    "a read that caches an upstream forecast; nothing to compose",
  "app/features/classifieds/classifieds.server.ts#postAd":
    "stores the photo files before the insert and removes them when the insert fails",
  "app/features/events/events.server.ts#setEventPhoto":
    "stores the new image files before the update and removes the old ones once it is committed",
  "app/features/realestate/properties.server.ts#addPropertyImage":
    "stores the image files before the insert and removes them when the insert fails",
  "app/platform/outbox/outbox.server.ts#drainOutbox":
    "sends over SMTP while holding its rows locked in its own transaction",
  "app/features/billing/grants.server.ts#runSubscriptionLapse":
    "a job: each lapsed subscription is ended in its own transaction so one failure leaves the others done",
  "app/features/billing/sinpe.server.ts#runSinpeExpiry":
    "a job: each expired transfer and its email commit in their own transaction so one failure leaves the others done",
  "app/features/billing/stripe.server.ts#handleStripeWebhook":
    "the webhook is the top of its transaction: the event id and its effect commit together or not at all",
  "app/features/billing/onvo.server.ts#handleOnvoWebhook":
    "the webhook is the top of its transaction: the event id and its effect commit together or not at all",
  "app/features/billing/onvo.server.ts#startOnvoCheckout":
    "records what is asked before calling ONVO and its session id after: no transaction may stay open across the call",
};

interface WriteFunction {
  name: string;
  params: string[];
  body: string;
}

/** Exported async function declarations, read with the TypeScript parser (bodies hold braces of all kinds). */
function exportedAsyncFunctions(file: string, text: string): WriteFunction[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  return source.statements.flatMap((statement) => {
    if (!ts.isFunctionDeclaration(statement) || !statement.name || !statement.body) return [];
    const modifiers = ts.getModifiers(statement) ?? [];
    const has = (kind: ts.SyntaxKind) => modifiers.some((modifier) => modifier.kind === kind);
    if (!has(ts.SyntaxKind.ExportKeyword) || !has(ts.SyntaxKind.AsyncKeyword)) return [];
    return [
      {
        name: statement.name.text,
        params: statement.parameters.map((parameter) => parameter.name.getText(source)),
        body: statement.body.getText(source),
      },
    ];
  });
}

const writes = (body: string) => /\.(insert|update|delete)\(/.test(body);
const takesExecutor = (params: string[]) => params.some((name) => name === "executor" || name === "tx");

describe("domain writes take the caller's transaction", () => {
  const functions = ["app/platform", "app/features", "app/compose"]
    .flatMap((root) => filesUnder(root, (file) => file.endsWith(".server.ts")))
    .flatMap((file) => exportedAsyncFunctions(file, readFileSync(file, "utf8")).map((fn) => ({ ...fn, file })));

  it("finds the domain's write functions", () => {
    expect(functions.filter((fn) => writes(fn.body)).length).toBeGreaterThan(20);
  });

  it("gives every exported write function an optional executor", () => {
    const missing = functions
      .filter((fn) => writes(fn.body) && !takesExecutor(fn.params) && !(`${fn.file}#${fn.name}` in allowed))
      .map((fn) => `${fn.file}#${fn.name}`);
    expect(missing).toEqual([]);
  });

  it("allows only functions that exist and still write without one", () => {
    const stale = Object.keys(allowed).filter(
      (key) => !functions.some((fn) => `${fn.file}#${fn.name}` === key && writes(fn.body) && !takesExecutor(fn.params)),
    );
    expect(stale).toEqual([]);
  });
});
