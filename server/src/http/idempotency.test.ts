import { describe, expect, it } from "vitest";
import { canonical, requestFingerprint } from "./idempotency.ts";

describe("the request fingerprint", () => {
  it("writes JSON with sorted keys, leaving out undefined fields as JSON does", () => {
    expect(canonical({ b: [1, { d: null, c: "x" }], a: undefined, e: true })).toBe(
      '{"b":[1,{"c":"x","d":null}],"e":true}',
    );
    expect(canonical([])).toBe("[]");
    expect(canonical({})).toBe("{}");
    expect(canonical("s")).toBe('"s"');
    expect(requestFingerprint("POST", "/x", { a: 1, b: 2 })).toBe(requestFingerprint("POST", "/x", { b: 2, a: 1 }));
    expect(requestFingerprint("POST", "/x", { a: 1 })).not.toBe(requestFingerprint("POST", "/x", { a: 2 }));
  });

  it("handles a value nested 100,000 levels deep without overflowing the stack", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = i % 2 ? [deep] : { k: deep };
    const text = canonical(deep);
    expect(text.length).toBeGreaterThan(300_000);
    expect(text.endsWith("}]}]")).toBe(true);
  });
});
