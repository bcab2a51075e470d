import { describe, expect, it } from "vitest";
import { isRecord } from "./is-record.ts";

describe("isRecord", () => {
  it("accepts plain objects only", () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord({ a: 1 })).toBe(true);
    expect(isRecord(Object.create(null))).toBe(true);
    for (const v of [null, undefined, [], [1], "x", 1, true]) expect(isRecord(v)).toBe(false);
  });
});
