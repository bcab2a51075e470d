import { describe, expect, it } from "vitest";
import { editConflictSchema } from "@store/shared/schemas/conflict";
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

  it("compares with the copy an edit conflict's answer carried", () => {
    const answer = { error: "Changed", code: "edit_conflict", current: { id: "c1", name: "Theirs", version: 2 } };
    const theirs = editConflictSchema.parse(answer).current ?? undefined;
    expect(conflictFields({ name: "Mine", version: 1 }, theirs)).toEqual([
      { field: "name", mine: "Mine", theirs: "Theirs" },
    ]);
  });

  it("shows nothing to compare without the server's copy, or when my edit is not an object", () => {
    expect(conflictFields(undefined, { title: "x", version: 1 })).toEqual([]);
    expect(conflictFields({ title: "x" }, undefined)).toEqual([]);
  });

  it("says an empty or missing value as a dash", () => {
    expect(valueText("")).toBe("—");
    expect(valueText(undefined)).toBe("—");
    expect(valueText(false)).toBe("false");
  });
});
