import { afterEach, describe, expect, it, vi } from "vitest";
import { newKey } from "./new-key.ts";

describe("newKey", () => {
  afterEach(() => vi.restoreAllMocks());

  it("makes random keys that differ", () => {
    const keys = new Set(Array.from({ length: 50 }, () => newKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key.length).toBeGreaterThanOrEqual(32);
  });

  it("falls back to getRandomValues when randomUUID is refused", () => {
    const webCrypto = (globalThis as unknown as { crypto: { randomUUID: () => string } }).crypto;
    vi.spyOn(webCrypto, "randomUUID").mockImplementation(() => {
      throw new Error("not a secure context");
    });
    const key = newKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(newKey()).not.toBe(key);
  });
});
