import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AdminApiError, AdminNetworkError } from "../../../api/admin-client.ts";
import { storeDbPerTest } from "../../../test/store-db.ts";
import { createLastKnown } from "./last-known.ts";

const countSchema = z.object({ total: z.number().int() });

const db = storeDbPerTest("last-known-test");

describe("last known dashboard values", () => {
  it("answers fresh values online and the last stored ones, with their time, when the server cannot be reached", async () => {
    let now = 1_000;
    const store = createLastKnown({ table: db().meta, now: () => now });
    expect(await store.read("k", countSchema, async () => ({ total: 7 }))).toEqual({
      value: { total: 7 },
      at: 1_000,
      lastKnown: false,
    });
    now = 5_000;
    const offline = async () => {
      throw new AdminNetworkError(new TypeError("Failed to fetch"));
    };
    expect(await store.read("k", countSchema, offline)).toEqual({ value: { total: 7 }, at: 1_000, lastKnown: true });
  });

  it("still fails offline when nothing was ever stored, or the stored value no longer fits", async () => {
    const store = createLastKnown({ table: db().meta });
    const offline = async () => {
      throw new AdminNetworkError();
    };
    await expect(store.read("k", countSchema, offline)).rejects.toBeInstanceOf(AdminNetworkError);
    await db().meta.put({ key: "k", value: { value: { total: "seven" }, at: 1 } });
    await expect(store.read("k", countSchema, offline)).rejects.toBeInstanceOf(AdminNetworkError);
  });

  it("does not hide a server refusal behind stored values", async () => {
    const store = createLastKnown({ table: db().meta });
    await store.read("k", countSchema, async () => ({ total: 1 }));
    const refused = async () => {
      throw new AdminApiError(500, "boom", undefined);
    };
    await expect(store.read("k", countSchema, refused)).rejects.toMatchObject({ status: 500 });
  });

  it("forgets what it kept", async () => {
    const store = createLastKnown({ table: db().meta });
    await store.read("k", countSchema, async () => ({ total: 3 }));
    await store.forget(["k"]);
    expect(await db().meta.get("k")).toBeUndefined();
  });
});
