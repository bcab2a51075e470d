import { describe, expect, it } from "vitest";
import { newId, newTimeOrderedId } from "./ids.ts";

describe("ids", () => {
  it("makes random ids of the asked length with their prefix", () => {
    expect(newId("p")).toMatch(/^p_[0-9a-z]{12}$/);
    expect(newId("v", 6)).toMatch(/^v_[0-9a-z]{6}$/);
    expect(new Set(Array.from({ length: 1000 }, () => newId("p"))).size).toBe(1000);
  });

  it("makes time-ordered ids that sort by their creation time and still differ within one millisecond", () => {
    const times = [1, 999, 1_700_000_000_000, 1_700_000_000_001, 4_102_444_800_000];
    const ids = times.map((t) => newTimeOrderedId("ord", t));
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(/^ord_[0-9a-z]{17}$/);
    const same = Array.from({ length: 1000 }, () => newTimeOrderedId("ord", 1_700_000_000_000));
    expect(new Set(same).size).toBe(1000);
  });
});
