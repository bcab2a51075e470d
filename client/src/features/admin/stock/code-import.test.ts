import { describe, expect, it } from "vitest";
import type { CodeImportResult, ProductStock } from "@store/shared/schemas/stock";
import {
  codeOfLine,
  duplicateLines,
  formatOfFile,
  importParts,
  isImportFile,
  joinResults,
  lineWarnings,
  splitLines,
} from "./code-import.ts";

const stock: ProductStock = {
  productId: "p1",
  deliveryMode: "automatic",
  lowStockThreshold: 5,
  total: { available: 3, reserved: 0, sold: 0, revoked: 0 },
  low: true,
  variants: [],
};

function result(partial: Partial<CodeImportResult> & Pick<CodeImportResult, "refused">): CodeImportResult {
  return {
    summary: {
      lines: 0,
      blank: 0,
      imported: 0,
      refused: partial.refused.length,
      byReason: { duplicate_in_file: 0, already_in_stock: 0, too_long: 0, invalid_characters: 0 },
    },
    completedOrders: [],
    stock,
    ...partial,
  };
}

describe("reading an import", () => {
  it("splits lines of any ending, without a line after the final break", () => {
    expect(splitLines("a\r\nb\nc\rd\n")).toEqual(["a", "b", "c", "d"]);
    expect(splitLines("a\n\n\nb")).toEqual(["a", "", "", "b"]);
    expect(splitLines("")).toEqual([]);
  });

  it("cuts a 10,000-line file into parts that keep the file's numbering", () => {
    const lines = Array.from({ length: 10_000 }, (_, i) => `CODE-${i}`);
    const parts = importParts(lines, 1000);
    expect(parts).toHaveLength(10);
    expect(parts.map((p) => p.lineOffset)).toEqual([0, 1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000]);
    expect(parts[9]?.text.split("\n")[999]).toBe("CODE-9999");
    expect(importParts(lines.slice(0, 1001), 1000).map((p) => p.lines)).toEqual([1000, 1]);
  });

  it("reads the first cell of a .csv line and skips its header; a text line is trimmed", () => {
    expect(codeOfLine("  AB-12  ", "text", 0)).toBe("AB-12");
    expect(codeOfLine("code", "text", 0)).toBe("code");
    expect(codeOfLine("code", "csv", 0)).toBe("");
    expect(codeOfLine("code", "csv", 3)).toBe("code");
    expect(codeOfLine('"AB,12",PS5', "csv", 1)).toBe("AB,12");
    expect(codeOfLine("AB12 , PS5", "csv", 1)).toBe("AB12");
    expect(formatOfFile("codes.CSV")).toBe("csv");
    expect(formatOfFile("codes.txt")).toBe("text");
    expect(isImportFile("codes.txt")).toBe(true);
    expect(isImportFile("codes.xlsx")).toBe(false);
  });

  it("finds each line repeating an earlier one, with the line it repeats", () => {
    expect([...duplicateLines(["A", "", "B", " A ", "B", "C", "A"], "text")]).toEqual([
      [4, 1],
      [5, 3],
      [7, 1],
    ]);
  });
});

describe("joining the parts' answers", () => {
  it("adds up the parts and tells a repeat from an earlier part apart from a code already in stock", () => {
    const lines = ["A", "B", "", "OLD", "A", "X".repeat(300)];
    const summary = joinResults(lines, "text", [
      result({
        refused: [],
        summary: {
          lines: 3,
          blank: 1,
          imported: 2,
          refused: 0,
          byReason: { duplicate_in_file: 0, already_in_stock: 0, too_long: 0, invalid_characters: 0 },
        },
      }),
      result({
        // The second part: line 5 repeats line 1, imported by the first part, so the server saw it in stock.
        refused: [
          { line: 6, reason: "too_long" },
          { line: 4, reason: "already_in_stock" },
          { line: 5, reason: "already_in_stock" },
        ],
        summary: {
          lines: 3,
          blank: 0,
          imported: 0,
          refused: 3,
          byReason: { duplicate_in_file: 0, already_in_stock: 0, too_long: 0, invalid_characters: 0 },
        },
        completedOrders: ["PNR-AAAA0000"],
      }),
    ]);
    expect(summary.lines).toBe(6);
    expect(summary.blank).toBe(1);
    // Only the lines the answered parts carried are counted.
    expect(joinResults(lines, "text", [], 3)).toMatchObject({ lines: 3, blank: 1, imported: 0 });
    expect(summary.imported).toBe(2);
    expect(summary.refused).toEqual([
      { line: 4, reason: "already_in_stock" },
      { line: 5, reason: "duplicate_in_file", firstLine: 1 },
      { line: 6, reason: "too_long" },
    ]);
    expect(summary.byReason).toEqual({
      duplicate_in_file: 1,
      already_in_stock: 1,
      too_long: 1,
      invalid_characters: 0,
    });
    expect(summary.completedOrders).toEqual(["PNR-AAAA0000"]);
    expect(summary.stock).toBe(stock);
  });
});

describe("lineWarnings", () => {
  it("names, by line, the codes with inner spaces, control characters or non-ASCII characters", () => {
    const lines = [
      "GOOD-0001",
      "bad code with spaces and ü",
      "  TRIMMED-OK  ",
      "TAB\tINSIDE",
      "",
      "ÉTÉ-2026",
      "BELL\u0007",
    ];
    expect(lineWarnings(lines, "text")).toEqual([
      { line: 2, kinds: ["inner_space", "non_ascii"] },
      { line: 4, kinds: ["control"] },
      { line: 6, kinds: ["non_ascii"] },
      { line: 7, kinds: ["control"] },
    ]);
  });

  it("reads a CSV's first cell only", () => {
    expect(lineWarnings(["code,note", "GOOD-1,a note with spaces", '"SP ACE",x'], "csv")).toEqual([
      { line: 3, kinds: ["inner_space"] },
    ]);
  });
});
