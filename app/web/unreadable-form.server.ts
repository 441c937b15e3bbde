import { data } from "react-router";

/** A post whose body is no form (a wrong content type, a broken upload): refused on the form, 400, with `message`. */
export function unreadableFormReply(message: string) {
  return data({ result: { status: "error" as const, error: { "": [message] } } }, { status: 400 });
}
