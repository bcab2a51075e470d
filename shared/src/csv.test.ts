import { describe, expect, it } from "vitest";
import { firstCsvCell } from "./csv.ts";

describe("firstCsvCell", () => {
  it("reads up to the first comma or semicolon, trimmed", () => {
    expect(firstCsvCell("AB12,PS5")).toBe("AB12");
    expect(firstCsvCell("AB12;PS5")).toBe("AB12");
    expect(firstCsvCell("  AB12 , PS5")).toBe("AB12");
    expect(firstCsvCell("AB12")).toBe("AB12");
    expect(firstCsvCell(",x")).toBe("");
    expect(firstCsvCell("")).toBe("");
  });

  it("reads a quoted cell whole, with doubled quotes as one", () => {
    expect(firstCsvCell('"AB,12",PS5')).toBe("AB,12");
    expect(firstCsvCell('"AB;12";PS5')).toBe("AB;12");
    expect(firstCsvCell('"C ""q""",z')).toBe('C "q"');
    expect(firstCsvCell('  " padded " ,x')).toBe("padded");
    expect(firstCsvCell('"unclosed, to the end')).toBe("unclosed, to the end");
  });
});
