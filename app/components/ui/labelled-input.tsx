import type { InputHTMLAttributes, TextareaHTMLAttributes } from "react";
import { FieldFrame, inputClass } from "./form-field";

type Frame = {
  /** The control's id, which the label points at. */
  id: string;
  label: string;
  hint?: string;
  optional?: boolean;
};

type InputProps = Frame & { multiline?: false } & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className">;
type TextareaProps = Frame & { multiline: true } & Omit<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    "id" | "className"
  >;

/**
 * A plain input (or, `multiline`, a textarea) in its label's frame, for a form that posts without
 * Conform: the page reads the fields itself and keeps what was typed through `defaultValue`.
 */
export function LabelledInput(props: InputProps | TextareaProps) {
  return (
    <FieldFrame id={props.id} label={props.label} hint={props.hint} optional={props.optional}>
      {props.multiline ? (
        <textarea id={props.id} {...controlProps(props)} className={inputClass} />
      ) : (
        <input id={props.id} {...controlProps(props)} className={inputClass} />
      )}
    </FieldFrame>
  );
}

/** What goes on the control itself: the attributes the page gave, not the frame's. */
function controlProps<P extends Frame & { multiline?: boolean }>(props: P) {
  const { id: _id, label: _label, hint: _hint, optional: _optional, multiline: _multiline, ...control } = props;
  return control;
}
