import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, jsonRequest, type TestStore } from "../test/harness.ts";

describe("security headers", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore({ seed: true });
  });
  afterAll(() => store.close());

  it("go on every kind of answer: data, a 404, a refused request and a validation error", async () => {
    const answers = [
      await store.app.request("/api/categories"),
      await store.app.request("/api/nothing-here"),
      await store.app.request("/api/admin/orders"),
      await store.app.request("/api/checkout", jsonRequest("POST", { items: [] })),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 404, 401, 400]);
    for (const res of answers) {
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    }
  });
});
