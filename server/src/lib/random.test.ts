import { describe, expect, it } from "vitest";
import { secureRandomBytes } from "./random.ts";

describe("secureRandomBytes", () => {
  it("returns the requested number of bytes, fresh on every call", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const bytes = secureRandomBytes(16);
      expect(bytes).toHaveLength(16);
      seen.add(bytes.toString("hex"));
    }
    // 2000 draws of 128 bits across several pool refills: any repeat means bytes were handed out twice.
    expect(seen.size).toBe(2000);
  });

  it("gives callers their own copy, untouched by later draws", () => {
    const first = secureRandomBytes(32);
    const copy = Buffer.from(first);
    for (let i = 0; i < 300; i++) secureRandomBytes(32);
    expect(first.equals(copy)).toBe(true);
  });

  it("serves requests larger than the pool", () => {
    const big = secureRandomBytes(10_000);
    expect(big).toHaveLength(10_000);
    // Not all zero: the bytes were actually filled.
    expect(big.some((b) => b !== 0)).toBe(true);
  });

  it("spreads byte values evenly", () => {
    const counts = new Array<number>(256).fill(0);
    const bytes = secureRandomBytes(256 * 400);
    for (const b of bytes) counts[b] = (counts[b] ?? 0) + 1;
    // Expected 400 per value; a broken pool (zeros, repeats) falls far outside this band.
    expect(Math.min(...counts)).toBeGreaterThan(250);
    expect(Math.max(...counts)).toBeLessThan(550);
  });
});
