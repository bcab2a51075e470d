import { describe, expect, it } from "vitest";
import { storeForEachTest, type TestStore } from "../test/harness.ts";
import { seedDemoCatalog } from "./demo-catalog.ts";

describe("demo seed", () => {
  let store: TestStore;
  storeForEachTest((opened) => (store = opened));

  it("seeds an empty catalog once, even when two processes start at the same moment", async () => {
    const results = await Promise.allSettled([
      seedDemoCatalog(store.data, { images: false }),
      seedDemoCatalog(store.data, { images: false }),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    const seeded = results.flatMap((r) => (r.status === "fulfilled" && r.value ? [r.value] : []));
    expect(seeded).toEqual([{ products: 48, categories: expect.any(Number) as number }]);
    expect(await store.data.read((tx) => store.services.catalogRepo.countProducts(tx))).toBe(48);
  });
});
