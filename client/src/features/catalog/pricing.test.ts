import { describe, expect, it } from "vitest";
import { lowestPrice } from "./pricing.ts";

describe("lowestPrice", () => {
  it("picks the cheapest option with its own list price", () => {
    expect(
      lowestPrice([
        { now: 2500, was: null },
        { now: 900, was: 1000 },
        { now: 1200, was: null },
      ]),
    ).toEqual({ now: 900, was: 1000 });
  });

  it("refuses an empty list instead of inventing a price", () => {
    expect(() => lowestPrice([])).toThrow();
  });
});
