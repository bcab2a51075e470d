import { describe, expect, it, onTestFinished } from "vitest";
import { storeForEachTest, jsonRequest, type TestStore } from "../../test/harness.ts";
import { ConflictError, ValidationError } from "../../http/errors.ts";
import { openAdminStore } from "../../test/admin-session.ts";

describe("promos", () => {
  let store: TestStore;
  storeForEachTest((opened) => (store = opened));

  const validate = (code: unknown) => store.app.request("/api/promos/validate", jsonRequest("POST", { code }));

  it("creates codes upper-cased and trimmed, and refuses duplicates", async () => {
    const promo = await store.services.promos.create({ code: "  summer ", percent: 15, active: true });
    expect(promo).toMatchObject({ code: "SUMMER", percent: 15, active: true, usageCount: 0, version: 1 });
    await expect(store.services.promos.create({ code: "Summer", percent: 5 })).rejects.toThrow(ConflictError);
    await expect(store.services.promos.create({ code: "X", percent: 0 })).rejects.toThrow(ValidationError);
    expect((await store.services.promos.list()).map((p) => p.code)).toEqual(["SUMMER"]);
  });

  it("refuses a duplicate code with its code and the promo code as a parameter, for the screen to say", async () => {
    // Its own store, with an operator signed in (the block's store has none).
    const { store: adminStore, admin } = await openAdminStore();
    onTestFinished(() => adminStore.close());
    expect((await admin.request("POST", "/api/admin/promos", { code: "SUMMER", percent: 15 })).status).toBe(201);
    const again = await admin.request("POST", "/api/admin/promos", { code: "summer", percent: 5 });
    expect(again.status).toBe(409);
    const taken = { code: "promo_code_taken", params: { code: "SUMMER" } };
    expect(await again.json()).toEqual({
      error: "The promo code SUMMER already exists.",
      ...taken,
      fields: { code: "The promo code SUMMER already exists." },
      fieldCodes: { code: taken },
    });
    const tooHigh = await admin.request("POST", "/api/admin/promos", { code: "WINTER", percent: 101 });
    expect(await tooHigh.json()).toMatchObject({
      code: "invalid_request",
      fieldCodes: { percent: { code: "too_big", params: { max: 100 } } },
    });
  });

  it("validates an active code and refuses unknown or inactive ones with the spec's message", async () => {
    await store.services.promos.create({ code: "SUMMER", percent: 15 });
    await store.services.promos.create({ code: "WINTER", percent: 20, active: false });
    const ok = await validate(" summer ");
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ code: "SUMMER", percent: 15 });
    for (const code of ["WINTER", "NOPE", "", 42]) {
      const res = await validate(code);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: "Invalid or inactive code" });
    }
    expect(await (await validate("NOPE")).json()).toMatchObject({ code: "promo_invalid" });
  });

  it("updates with a version check and removes", async () => {
    await store.services.promos.create({ code: "SUMMER", percent: 15 });
    const updated = await store.services.promos.update("summer", { active: false, version: 1 });
    expect(updated).toMatchObject({ active: false, version: 2 });
    await expect(store.services.promos.update("SUMMER", { percent: 50, version: 1 })).rejects.toThrow(ConflictError);
    expect(await store.services.promos.update("SUMMER", { percent: 50 })).toMatchObject({ percent: 50, version: 3 });
    await store.services.promos.remove("summer");
    expect(await store.services.promos.list()).toEqual([]);
    await expect(store.services.promos.remove("summer")).rejects.toThrow(/not found/);
  });

  it("counts only misses against the promo budget per address; once spent, every code waits", async () => {
    await store.services.promos.create({ code: "SUMMER", percent: 15 });
    // A shopper who retypes a working code spends nothing.
    for (let i = 0; i < 40; i++) expect((await validate("SUMMER")).status).toBe(200);
    for (let i = 0; i < 30; i++) expect((await validate(`GUESS${i}`)).status).toBe(400);
    expect((await validate("GUESS30")).status).toBe(429);
    // A working code is not let through past the budget: it would tell a guess that hit apart.
    expect((await validate("SUMMER")).status).toBe(429);
    const refusals = await store.services.rateLimits.refusalsSince(0);
    expect(refusals).toMatchObject([{ limit: "promo", subject: "local", count: 2 }]);
  });
});
