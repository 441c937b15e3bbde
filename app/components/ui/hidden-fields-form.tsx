import type { ReactNode } from "react";
import { Form } from "react-router";

/**
 * A form posting to the page's action with `fields` (the intent and the ids it acts on) as hidden
 * inputs ahead of its own controls: the buttons and fields are the caller's, so each keeps its own
 * look and test id. For a lone button that needs nothing else, PostButton.
 */
export function HiddenFieldsForm({
  fields,
  className,
  testId,
  children,
}: {
  fields: Record<string, string | number>;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" className={className} data-testid={testId}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}
