import { describe, expect, it } from "vitest";
import { firstCsvCell } from "./csv.ts";

describe("firstCsvCell", () => {
  it.each([
    // Up to the first comma or semicolon, trimmed.
    { line: "AB12,PS5", cell: "AB12" },
    { line: "AB12;PS5", cell: "AB12" },
    { line: "  AB12 , PS5", cell: "AB12" },
    { line: "AB12", cell: "AB12" },
    { line: ",x", cell: "" },
    { line: "", cell: "" },
    // A quoted cell whole, with doubled quotes as one.
    { line: '"AB,12",PS5', cell: "AB,12" },
    { line: '"AB;12";PS5', cell: "AB;12" },
    { line: '"C ""q""",z', cell: 'C "q"' },
    { line: '  " padded " ,x', cell: "padded" },
    { line: '"unclosed, to the end', cell: "unclosed, to the end" },
  ])("reads $line as $cell", ({ line, cell }) => {
    expect(firstCsvCell(line)).toBe(cell);
  });
});
