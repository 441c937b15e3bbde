// What a configured model may say: every phone number, email address and URL in an answer must be
// one a tool returned as contact data for that answer; otherwise its sentence goes.
import { describe, expect, it } from "vitest";
import { checkAnswer, contactsAreKnown, type KnownThing } from "#app/compose/concierge/answer-check";

const known: KnownThing[] = [
  { title: "Artesanías Chorotega", url: "/business/artesanias-chorotega" },
  { title: "Casa Marea", url: "/business/casa-marea" },
  { title: "Cruz Roja", url: "tel:+506 2222 1111" },
];
// Casa Marea is a premium listing: its contact fields came back; Artesanías Chorotega is free (contact: null).
const evidence = ["/business/casa-marea", "+506 2654 4000", "reservas@casamarea.cr", "https://casamarea.cr", "tel:911"];

describe("contacts in an answer", () => {
  it("drops a sentence with a phone number or email no tool returned, keeps the rest", () => {
    const checked = checkAnswer(
      "[Artesanías Chorotega](/business/artesanias-chorotega) sells local pottery. " +
        "Call Artesanías Chorotega at +506 0000 1029 or email hola@artesaniaschorotega.cr. " +
        "You can also email hola@… for orders. " +
        "Write to ana.mora@gmail.com for a private tour.",
      known,
      [],
      evidence,
    );
    expect(checked.answer).toBe("[Artesanías Chorotega](/business/artesanias-chorotega) sells local pottery.");
    expect(checked.dropped).toHaveLength(3);
  });

  it("keeps the contact data the tools returned, however it is written", () => {
    for (const sentence of [
      "Book at [Casa Marea](/business/casa-marea) on +506 2654 4000.",
      "Book at [Casa Marea](/business/casa-marea) on 2654-4000.",
      "Call [2654 4000](tel:+50626544000) to book.",
      "Write to reservas@casamarea.cr or see https://casamarea.cr for the menu.",
      "Emergencies: call [911](tel:911) first.",
      "The Cruz Roja answers on [2222 1111](tel:+50622221111).",
      "Sunset on 2026-11-27 is at 17:25, high tide at 14:10.",
      "The house is ₡3 500 000 a month, or 450 000 USD to buy.",
    ])
      expect(contactsAreKnown(sentence, known, evidence), sentence).toBe(true);
  });

  it("refuses links and numbers from anywhere else, Markdown or bare", () => {
    for (const sentence of [
      "Verify your account at https://evil.example/verify.",
      "Verify at evil.example/verify today.",
      "See www.evil.example for deals.",
      "[Casa Marea](https://evil.example/casa-marea) has a deal.",
      "[Call now](tel:+50699999999).",
      "[Write](mailto:scam@evil.example).",
      "WhatsApp +506 9999 9999 for a discount.",
      "Their number is (506) 8888-7777.",
    ])
      expect(contactsAreKnown(sentence, known, evidence), sentence).toBe(false);
  });

  it("without tool evidence no number, address or outside link passes", () => {
    expect(checkAnswer("Call +506 2654 4000 now.", known).answer).toBe("");
    expect(checkAnswer("See [Casa Marea](/business/casa-marea).", known).answer).toBe(
      "See [Casa Marea](/business/casa-marea).",
    );
  });
});
