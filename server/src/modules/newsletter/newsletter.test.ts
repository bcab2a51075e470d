import { describe, expect, it } from "vitest";
import { storeForEachTest, jsonRequest, type TestStore } from "../../test/harness.ts";

describe("newsletter", () => {
  let store: TestStore;
  storeForEachTest((opened) => (store = opened));

  const subscribe = (b: unknown) => store.app.request("/api/newsletter", jsonRequest("POST", b));

  it("stores a subscriber lower-cased and answers 201", async () => {
    const res = await subscribe({ email: "  Sami@Example.COM ", locale: "ar" });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
    expect(await store.services.newsletter.all()).toEqual([
      { email: "sami@example.com", locale: "ar", createdAt: expect.any(Number) },
    ]);
    expect(await store.services.newsletter.count()).toBe(1);
  });

  it("refuses an invalid address with 400", async () => {
    for (const email of ["nope", "", "a@", 5]) {
      const res = await subscribe({ email });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: "Please enter a valid email address." });
    }
    expect(await store.services.newsletter.count()).toBe(0);
  });

  it("thanks a repeat subscriber the same way, whatever its case, and keeps one row", async () => {
    const first = await subscribe({ email: "sami@example.com", locale: "fr" });
    const again = await subscribe({ email: "SAMI@example.com", locale: "ar" });
    expect(again.status).toBe(first.status);
    expect(await again.json()).toEqual(await first.json());
    expect(await store.services.newsletter.all()).toEqual([
      { email: "sami@example.com", locale: "fr", createdAt: expect.any(Number) },
    ]);
  });
});
