import "fake-indexeddb/auto";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openStoreDb } from "./db.ts";
import { sameData, sharedLiveQuery } from "./shared-live-query.ts";
import { category } from "../test/fixtures.ts";

describe("sameData", () => {
  it("compares what IndexedDB returns by content", () => {
    expect(sameData({ a: [1, { b: "x" }], c: null }, { a: [1, { b: "x" }], c: null })).toBe(true);
    expect(sameData({ a: [1, { b: "x" }] }, { a: [1, { b: "y" }] })).toBe(false);
    expect(sameData([1, 2], [1, 2, 3])).toBe(false);
    expect(sameData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameData({ a: 1 }, [1])).toBe(false);
    expect(sameData(null, {})).toBe(false);
    expect(sameData(undefined, undefined)).toBe(true);
  });
});

describe("sharedLiveQuery", () => {
  const db = openStoreDb("shared-live-query-test");
  afterEach(async () => {
    await db.categories.clear();
  });

  it("renders its initial value until primed, then the answer it read", async () => {
    await db.categories.bulkPut([category("c1", { name: "Gift Cards" }), category("c2", { name: "Esports" })]);
    const useNames = sharedLiveQuery(
      async () => (await db.categories.toArray()).map((c) => c.name).sort(),
      undefined as string[] | undefined,
    );
    function Names() {
      const names = useNames();
      return <p>{names ? names.join(", ") : "loading"}</p>;
    }
    expect(renderToString(<Names />)).toBe("<p>loading</p>");
    await useNames.prime();
    expect(renderToString(<Names />)).toBe("<p>Esports, Gift Cards</p>");
  });

  it("shows a seeded value at once and reads IndexedDB only once the value is stored", async () => {
    await db.categories.put(category("c1", { name: "Stored before" }));
    const useNames = sharedLiveQuery(
      async () => (await db.categories.toArray()).map((c) => c.name),
      undefined as string[] | undefined,
    );
    function Names() {
      const names = useNames();
      return <p>{names ? names.join(", ") : "loading"}</p>;
    }
    let store: () => void = () => undefined;
    useNames.seed(
      ["Seeded"],
      new Promise<void>((resolve) => {
        store = resolve;
      }),
    );
    const changed = vi.fn();
    const unsubscribe = useNames.subscribe(changed);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(changed).not.toHaveBeenCalled();
    expect(renderToString(<Names />)).toBe("<p>Seeded</p>");

    await db.categories.put(category("c2", { name: "Stored now" }));
    store();
    await vi.waitFor(() => expect(changed).toHaveBeenCalled());
    expect(renderToString(<Names />)).toBe("<p>Stored before, Stored now</p>");
    unsubscribe();
  });
});
