import { z } from "zod";
import { formMessage } from "./form-message";

// Zod's own messages are English sentences ("Invalid input", "Too big: expected string to have
// <=2000 characters"), and a page shows a form message as a translation key. Every forms module
// takes `z` from here, so an issue its schema gives no message of its own (a field posted twice,
// a number past any sane size, a value missing that nobody wrote a message for) still reaches the
// page as a key both languages have. A schema's own message always wins over these.
z.config({
  customError: (issue) => {
    if (issue.input === undefined || issue.input === "") return "common:errors.form.required";
    if (issue.origin === "string" && issue.code === "too_big")
      return formMessage("common:errors.form.tooLong", { max: Number(issue.maximum) });
    if (issue.origin === "string" && issue.code === "too_small")
      return formMessage("common:errors.form.tooShort", { min: Number(issue.minimum) });
    return "common:errors.form.invalid";
  },
});

export { z };
