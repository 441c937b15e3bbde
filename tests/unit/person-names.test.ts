// Every form where a visitor types a person's name that reaches someone else's inbox refuses a
// name holding a line break or a link, with a translated message on that field.

import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { bookingRequestSchema } from "#app/features/bookings/forms";
import { contactFormSchema } from "#app/features/guides/forms";
import { visitorMessageSchema } from "#app/features/messages/forms";
import { inquirySchema, propertySchema } from "#app/features/realestate/forms";
import { createSignUpSchema, profileSchema } from "#app/platform/accounts/forms";

const nameFields: [string, z.ZodType, string][] = [
  ["sign-up first name", createSignUpSchema(), "firstName"],
  ["sign-up last name", createSignUpSchema(), "lastName"],
  ["profile first name", profileSchema, "firstName"],
  ["profile last name", profileSchema, "lastName"],
  ["booking", bookingRequestSchema, "name"],
  ["message to a business", visitorMessageSchema, "name"],
  ["property inquiry", inquirySchema, "name"],
  ["property contact", propertySchema, "contactName"],
  ["contact form", contactFormSchema, "name"],
];

const hostile = [
  "Hi\r\nYour account is suspended! Verify at https://evil.example/verify",
  "Hi Your account is suspended! Verify at https://evil.example/verify",
  "Ana\nBcc: victim@example.test",
  "Ana\u2028Click evil.example/verify",
  "www.evil.example",
];

function fieldIssues(schema: z.ZodType, field: string, value: string) {
  const result = schema.safeParse({ [field]: value });
  return result.success ? [] : result.error.issues.filter((issue) => issue.path[0] === field);
}

describe("person names are one line without links, in every form", () => {
  it.each(nameFields)("%s", (_label, schema, field) => {
    expect(fieldIssues(schema, field, "Ana María Mora-Chacón")).toEqual([]);
    for (const value of hostile) {
      const issues = fieldIssues(schema, field, value);
      expect(issues.length, JSON.stringify(value)).toBeGreaterThan(0);
      // A translation key the page can show next to the field.
      expect(issues[0].message).toMatch(/^[a-z]+:[\w.]+$/);
    }
  });
});
