import type { KeyboardEvent } from "react";

/**
 * Enter sends the question, as in every chat; Shift+Enter adds a line. A key pressed while an
 * input method is composing (accents on some keyboards, Asian scripts) is the composer's, not a send.
 */
export function submitOnEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
  if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
  event.preventDefault();
  event.currentTarget.form?.requestSubmit();
}
