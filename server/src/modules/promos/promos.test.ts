import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestStore, jsonRequest, type TestStore } from "../../test/harness.ts";
import { ConflictError, ValidationError } from "../../http/errors.ts";

describe("promos", () => {
  let store: TestStore;
  beforeEach(async () => {
    store = await createTestStore();
  });
  afterEach(() => store.close());

  const validate = (code: unknown) => store.app.request("/api/promos/validate", jsonRequest("POST", { code }));

  it("creates codes upper-cased and trimmed, and refuses duplicates", () => {
    const promo = store.services.promos.create({ code: "  summer ", percent: 15, active: true });
    expect(promo).toMatchObject({ code: "SUMMER", percent: 15, active: true, usageCount: 0, version: 1 });
    expect(() => store.services.promos.create({ code: "Summer", percent: 5 })).toThrow(ConflictError);
    expect(() => store.services.promos.create({ code: "X", percent: 0 })).toThrow(ValidationError);
    expect(store.services.promos.list().map((p) => p.code)).toEqual(["SUMMER"]);
  });

  it("validates an active code and refuses unknown or inactive ones with the spec's message", async () => {
    store.services.promos.create({ code: "SUMMER", percent: 15 });
    store.services.promos.create({ code: "WINTER", percent: 20, active: false });
    const ok = await validate(" summer ");
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ code: "SUMMER", percent: 15 });
    for (const code of ["WINTER", "NOPE", "", 42]) {
      const res = await validate(code);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: "Invalid or inactive code" });
    }
  });

  it("updates with a version check and removes", () => {
    store.services.promos.create({ code: "SUMMER", percent: 15 });
    const updated = store.services.promos.update("summer", { active: false, version: 1 });
    expect(updated).toMatchObject({ active: false, version: 2 });
    expect(() => store.services.promos.update("SUMMER", { percent: 50, version: 1 })).toThrow(ConflictError);
    expect(store.services.promos.update("SUMMER", { percent: 50 })).toMatchObject({ percent: 50, version: 3 });
    store.services.promos.remove("summer");
    expect(store.services.promos.list()).toEqual([]);
    expect(() => store.services.promos.remove("summer")).toThrow(/not found/);
  });

  it("rate limits validation per address", async () => {
    store.services.promos.create({ code: "SUMMER", percent: 15 });
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await validate("SUMMER")).status;
    expect(last).toBe(429);
  });
});
