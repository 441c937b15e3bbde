import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";

/**
 * One button that posts `fields` (the intent and the ids the action needs) to the page's action,
 * for a change that needs no question first. Disabled while a post is on its way, so a double click
 * does not post twice. For a change that cannot be undone, use ConfirmDialog.
 */
export function PostButton({
  fields,
  tone = "secondary",
  children,
}: {
  fields: Record<string, string>;
  tone?: "primary" | "secondary";
  children: ReactNode;
}) {
  const navigation = useNavigation();
  return (
    <Form method="post">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        className={tone === "primary" ? "btn-primary" : "btn-secondary"}
        disabled={navigation.state === "submitting"}
      >
        {children}
      </button>
    </Form>
  );
}
