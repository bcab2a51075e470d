import { describe, expect, it } from "vitest";
import { jsonDepthExceeds, MAX_JSON_DEPTH } from "./json-depth.ts";

const nested = (depth: number, open = "[", close = "]") => open.repeat(depth) + close.repeat(depth);

describe("jsonDepthExceeds", () => {
  it("accepts nesting up to the limit and refuses one level more, arrays and objects alike", () => {
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    const objects = '{"a":'.repeat(MAX_JSON_DEPTH + 1) + "1" + "}".repeat(MAX_JSON_DEPTH + 1);
    expect(jsonDepthExceeds(objects)).toBe(true);
    expect(jsonDepthExceeds('{"a":'.repeat(3) + "1" + "}".repeat(3), 3)).toBe(false);
  });

  it("does not count brackets inside strings, escaped quotes included", () => {
    expect(jsonDepthExceeds(JSON.stringify({ s: "[".repeat(1000) }))).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify({ s: '\\"' + "{".repeat(1000) }))).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify([`"${"]".repeat(50)}`, nested(40)]))).toBe(false);
  });

  it("counts depth, not the number of brackets: many siblings are fine", () => {
    expect(jsonDepthExceeds(JSON.stringify(Array.from({ length: 10_000 }, () => [[1]])))).toBe(false);
    expect(jsonDepthExceeds("[".repeat(4_000_000))).toBe(true);
  });
});
