import { describe, expect, it } from "vitest";
import { adTextHash, normalizeAdText, slugifyTitle } from "./text";

describe("classified ad text", () => {
  it("treats case, accents, punctuation and spacing as the same ad", () => {
    expect(normalizeAdText("Tabla de surf  7'2", "¡Como NUEVA! Envío no.")).toBe(
      "tabla de surf 7 2\ncomo nueva envio no".replace("\n", " "),
    );
    expect(adTextHash("Surfboard 7'2", "Like new, barely used.")).toBe(
      adTextHash("surfboard 7 2", "like new barely used"),
    );
    expect(adTextHash("Surfboard 7'2", "Like new")).not.toBe(adTextHash("Surfboard 7'3", "Like new"));
  });

  it("makes URL names from titles in either language", () => {
    expect(slugifyTitle("Refrigeradora Mabe — ¡casi nueva!")).toBe("refrigeradora-mabe-casi-nueva");
    expect(slugifyTitle("!!!")).toBe("ad");
    expect(slugifyTitle("a".repeat(80)).length).toBe(60);
  });
});
