import { createSecretKey, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openAesGcm, sealAesGcm } from "./aes-gcm.ts";

describe("AES-256-GCM", () => {
  const key = createSecretKey(Buffer.alloc(32, 1));

  it("round-trips text, with a fresh IV every time", () => {
    const one = sealAesGcm(key, "secret é ✓", "ctx");
    const two = sealAesGcm(key, "secret é ✓", "ctx");
    expect(one.equals(two)).toBe(false);
    expect(one.subarray(0, 12).equals(two.subarray(0, 12))).toBe(false);
    expect(one.toString("utf8")).not.toContain("secret");
    expect(openAesGcm(key, one, "ctx")).toBe("secret é ✓");
    expect(openAesGcm(key, sealAesGcm(key, ""))).toBe("");
  });

  it("opens only with the same key and the same context", () => {
    const sealed = sealAesGcm(key, "value", "product-a");
    expect(() => openAesGcm(key, sealed, "product-b")).toThrow();
    expect(() => openAesGcm(key, sealed)).toThrow();
    expect(() => openAesGcm(createSecretKey(randomBytes(32)), sealed, "product-a")).toThrow();
    expect(() => openAesGcm(key, sealAesGcm(key, "value"), "product-a")).toThrow();
  });

  it("refuses an altered or truncated value", () => {
    const sealed = sealAesGcm(key, "value");
    for (const at of [0, 12, 28, sealed.length - 1]) {
      const tampered = Buffer.from(sealed);
      tampered[at] = (tampered[at] ?? 0) ^ 1;
      expect(() => openAesGcm(key, tampered)).toThrow();
    }
    expect(() => openAesGcm(key, sealed.subarray(0, 27))).toThrow(/too short/);
  });
});
