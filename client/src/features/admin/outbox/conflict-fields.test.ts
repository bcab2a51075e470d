import { describe, expect, it } from "vitest";
import { conflictFields, valueText } from "./conflict-fields.ts";

describe("a conflict's two versions", () => {
  it("lists the fields my edit sets that the server holds differently, not the version bookkeeping", () => {
    const mine = { title: "Mine", description: "same", price: { USD: 1200 }, version: 3 };
    const theirs = { id: "p1", title: "Theirs", description: "same", price: { USD: 900 }, version: 4, sales: 2 };
    expect(conflictFields(mine, theirs)).toEqual([
      { field: "title", mine: "Mine", theirs: "Theirs" },
      { field: "price", mine: '{"USD":1200}', theirs: '{"USD":900}' },
    ]);
  });

  it("shows nothing to compare when either side is not an object", () => {
    expect(conflictFields(undefined, { title: "x" })).toEqual([]);
    expect(conflictFields({ title: "x" }, null)).toEqual([]);
  });

  it("says an empty or missing value as a dash", () => {
    expect(valueText("")).toBe("—");
    expect(valueText(undefined)).toBe("—");
    expect(valueText(false)).toBe("false");
  });
});
