// One action, several buttons: each form says what it wants in a field named `intent`
// (<button name="intent" value="pin">). An action reads it once and hands it to the handler of that
// name; a handler shared by several intents (pin and unpin) gets the one it was called for, typed.
// What no handler is named for — missing, unknown, or a name every object has ("constructor",
// "toString") — goes to `otherwise`, which answers the way the page always has (usually 400 with a
// message key).
//
//   return actOnIntent(formData, {
//     pin: (intent) => setPinned({ actor, id, pinned: intent === "pin" }),
//     unpin: (intent) => setPinned({ actor, id, pinned: intent === "pin" }),
//   }, (intent) => data({ intent, error: "community:errors.unknownAction" }, { status: 400 }));

/** A form's intent as actions read it: the field's text, "" when it has none. */
export function formIntent(formData: FormData): string {
  return String(formData.get("intent") ?? "");
}

/** Handlers by intent; each receives the intent it was called for (the intersection with H in the
 * signatures below gives a handler written in place its parameter's type). */
export type IntentHandlers<H> = { [K in keyof H]: (intent: K & string) => unknown };

/** What any of the handlers answers. */
export type IntentAnswer<H> = { [K in keyof H]: H[K] extends (...args: never[]) => infer R ? R : never }[keyof H];

/** Calls the handler named by the form's intent, or `otherwise` with whatever the form said. */
export function actOnIntent<const H extends IntentHandlers<H>, O>(
  formData: FormData,
  handlers: H & IntentHandlers<H>,
  otherwise: (intent: string) => O,
): IntentAnswer<H> | O {
  return dispatchIntent(formIntent(formData), handlers, otherwise);
}

/** The same for an intent the action has read itself (cut, trimmed…). */
export function dispatchIntent<const H extends IntentHandlers<H>, O>(
  intent: string,
  handlers: H & IntentHandlers<H>,
  otherwise: (intent: string) => O,
): IntentAnswer<H> | O {
  if (!Object.hasOwn(handlers, intent)) return otherwise(intent);
  const handler = (handlers as unknown as Record<string, (intent: string) => IntentAnswer<H>>)[intent];
  return handler(intent);
}
