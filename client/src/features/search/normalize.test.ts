import { describe, expect, it } from "vitest";
import { compareText, normalizeText } from "./normalize.ts";

describe("normalizeText", () => {
  it("lower-cases, trims and collapses inner spaces", () => {
    expect(normalizeText("  Elden   RING  ")).toBe("elden ring");
  });

  it("strips Latin accents", () => {
    expect(normalizeText("Pokémon Écarlate Ça")).toBe("pokemon ecarlate ca");
    expect(normalizeText("Crème brûlée")).toBe(normalizeText("creme brulee"));
  });

  it("folds Arabic alef variants to a bare alef", () => {
    for (const variant of ["أ", "إ", "آ", "ٱ"]) expect(normalizeText(`${variant}لعاب`)).toBe("العاب");
  });

  it("folds teh marbuta to heh and alef maksura to yeh", () => {
    expect(normalizeText("بطاقة")).toBe("بطاقه");
    expect(normalizeText("مستوى")).toBe("مستوي");
  });

  it("strips Arabic diacritics and tatweel", () => {
    expect(normalizeText("بِطَاقَةٌ")).toBe("بطاقه");
    expect(normalizeText("هـــدية")).toBe("هديه");
  });

  it("returns an empty string for blank input", () => {
    expect(normalizeText("   \n\t ")).toBe("");
  });
});

describe("compareText", () => {
  it("orders ignoring case and accents, like a shopper reads", () => {
    expect(["Xbox", "éditions", "Apple", "steam", "Eden"].sort(compareText)).toEqual([
      "Apple",
      "Eden",
      "éditions",
      "steam",
      "Xbox",
    ]);
  });

  it("keeps texts that fold alike in a stable order", () => {
    expect(compareText("Eden", "eden")).toBeLessThan(0);
    expect(compareText("eden", "eden")).toBe(0);
  });
});
