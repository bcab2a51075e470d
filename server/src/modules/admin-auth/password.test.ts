import { describe, expect, it } from "vitest";
import { DEFAULT_COST, hashPassword, parseHash, verifyPassword } from "./password.ts";

describe("password hashing", () => {
  it("uses scrypt at OWASP's cost with a 16-byte salt and a 64-byte key, parameters in the string", async () => {
    const hash = await hashPassword("hunter2!", DEFAULT_COST);
    expect(hash).toMatch(/^scrypt\$N=131072,r=8,p=1\$/);
    const parsed = parseHash(hash);
    expect(parsed?.salt.length).toBe(16);
    expect(parsed?.key.length).toBe(64);
    expect(await verifyPassword("hunter2!", hash)).toBe(true);
  }, 60_000);

  it("salts every hash and never matches an unreadable one", async () => {
    const cost = { N: 1024, r: 8, p: 1 };
    const a = await hashPassword("same", cost);
    const b = await hashPassword("same", cost);
    expect(a).not.toBe(b);
    expect(await verifyPassword("same", a)).toBe(true);
    expect(await verifyPassword("Same", a)).toBe(false);
    expect(await verifyPassword("same", "plain-text")).toBe(false);
    expect(await verifyPassword("same", "scrypt$N=3,r=8,p=1$AAAA$AAAA")).toBe(false);
  });
});
