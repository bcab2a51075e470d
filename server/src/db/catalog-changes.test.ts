/** The catalog's version across instances, on the engine under test (TEST_DATABASE): an instance answers from its
 * last read of the version while its change stamp holds, and an edit on another instance reaches it at once. */
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestStore, openPeer, TEST_ON_POSTGRES, type TestStore } from "../test/harness.ts";

/** Waits until `check` holds (the notice of another instance's commit arrives on its own). */
async function eventually(check: () => boolean | Promise<boolean>, ms = 3_000): Promise<void> {
  for (const end = performance.now() + ms; performance.now() < end;) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`not within ${ms} ms`);
}

describe("the catalog's version across instances", () => {
  let store: TestStore;
  let peer: Awaited<ReturnType<typeof openPeer>>;
  beforeEach(async () => {
    store = await createTestStore({ seed: true });
    peer = await openPeer(store);
    // The clock stands still: on PostgreSQL a stamp also changes each second, which would hide a missed notice.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-25T12:00:00Z") });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await peer.close();
    await store.close();
  });

  const etagOf = async (app: typeof peer.app) => (await app.request("/api/sync")).headers.get("ETag");

  it("serves an edit made on another instance at once, and keeps its stamp while nothing changes", async () => {
    const before = await etagOf(peer.app);
    const stamp = peer.data.changeStamp();
    expect(stamp).not.toBeNull();
    // Reads, here and on the other instance, change nothing.
    await etagOf(store.app);
    await etagOf(peer.app);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(peer.data.changeStamp()).toBe(stamp);

    const [product] = await store.query((db, t) => db.select({ id: t.products.id }).from(t.products).limit(1));
    if (!product) throw new Error("no product");
    await store.services.catalogAdmin.deleteProduct(product.id);
    await eventually(async () => (await etagOf(peer.app)) !== before);
    expect(await etagOf(peer.app)).toBe(await etagOf(store.app));
  });

  it.runIf(TEST_ON_POSTGRES)(
    "reads every time while its listener is gone, and hears changes again once it is back",
    async () => {
      const data = peer.data;
      const stamp = data.changeStamp();
      await store.query((db) =>
        db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN store_catalog'`,
        ),
      );
      await eventually(() => data.changeStamp() === null);
      await eventually(() => data.changeStamp() !== null);
      expect(data.changeStamp()).not.toBe(stamp);
    },
  );
});
