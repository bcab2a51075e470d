/** Sync stays exact while the operator edits: storefront clients that sync in a loop during concurrent admin
 * edits end up holding exactly the server's catalog, never missing or re-ordering a change. */
import { describe, expect, it } from "vitest";
import { syncResponseSchema, type SyncResponse } from "@store/shared/schemas/catalog";
import type { TestStore } from "../../test/harness.ts";
import { adminStoreForEachTest, type AdminClient } from "../../test/admin-session.ts";

interface Replica {
  version: number;
  products: Map<string, string>;
  categories: Map<string, string>;
}

/** A storefront's local copy, updated as the client does: a full copy replaces it, a delta is applied. */
function apply(replica: Replica, delta: SyncResponse): void {
  if (delta.full) {
    replica.products.clear();
    replica.categories.clear();
  }
  for (const p of delta.products) replica.products.set(p.id, JSON.stringify([p.title, p.price, p.version]));
  for (const c of delta.categories) replica.categories.set(c.id, JSON.stringify([c.name, c.version]));
  for (const id of delta.deleted.products) replica.products.delete(id);
  for (const id of delta.deleted.categories) replica.categories.delete(id);
  replica.version = delta.version;
}

/** A client that walks the pages (a few products each) as the storefront does: the first page's version is the
 * one it holds once the last page is stored, and it walks again from there when a page was read at a later one. */
async function followPages(store: TestStore, replica: Replica): Promise<void> {
  const read = async (since: number, after: string | null) =>
    syncResponseSchema.parse(
      await (await store.app.request(`/api/sync?since=${since}&limit=3${after ? `&after=${after}` : ""}`)).json(),
    );
  for (;;) {
    const first = await read(replica.version, null);
    const since = first.full ? 0 : replica.version;
    apply(replica, first);
    replica.version = first.version;
    let latest = first.version;
    for (let page = first; page.next !== null;) {
      page = await read(since, page.next);
      for (const p of page.products) replica.products.set(p.id, JSON.stringify([p.title, p.price, p.version]));
      latest = Math.max(latest, page.version);
    }
    if (latest === replica.version) return;
  }
}

describe("catalog sync under concurrent edits", () => {
  let store: TestStore;
  let admin: AdminClient;
  adminStoreForEachTest((opened) => ({ store, admin } = opened));

  const sync = async (since: number) =>
    syncResponseSchema.parse(await (await store.app.request(`/api/sync?since=${since}`)).json());

  it("brings every syncing client to exactly the server's catalog", async () => {
    /** An operator's pace: a short pause after each edit, so the clients' syncs run between the edits. */
    const ok = async (res: Response) => {
      if (res.status >= 300) throw new Error(`admin edit failed: ${res.status}`);
      const body = (await res.json()) as { id: string };
      await new Promise((resolve) => setTimeout(resolve, 5));
      return body;
    };
    /** One operator's stream of edits: create, rename, reprice, delete, and categories. */
    const editor = async (n: number) => {
      for (let i = 0; i < 6; i++) {
        const created = await ok(
          await admin.request("POST", "/api/admin/products", { title: `P${n}-${i}`, price: { USD: 50 } }),
        );
        await ok(await admin.request("PUT", `/api/admin/products/${created.id}`, { title: `P${n}-${i} renamed` }));
        const price = { USD: 100 + i, TND: 300 + i, EUR: 90 + i, EGP: 5000 + i };
        await ok(await admin.request("PUT", `/api/admin/products/${created.id}`, { price }));
        if (i % 2 === 0) await ok(await admin.request("DELETE", `/api/admin/products/${created.id}`));
        const category = await ok(await admin.request("POST", "/api/categories", { name: `C${n}-${i}` }));
        if (i % 3 === 0) await ok(await admin.request("DELETE", `/api/categories/${category.id}`));
      }
    };
    let editing = true;
    const clients: Replica[] = Array.from({ length: 6 }, () => ({
      version: 0,
      products: new Map(),
      categories: new Map(),
    }));
    /** Versions the clients were given while the edits ran. */
    const seen = new Set<number>();
    const follow = async (replica: Replica, paged: boolean) => {
      while (editing) {
        if (paged) await followPages(store, replica);
        else apply(replica, await sync(replica.version));
        seen.add(replica.version);
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    // Two of the clients walk the catalog in pages of three products, as a phone walks a large one.
    const following = clients.map((replica, i) => follow(replica, i >= 4));
    await Promise.all([1, 2, 3].map(editor));
    editing = false;
    await Promise.all(following);
    // Each client syncs once more from where it stands, as after the next poll.
    for (const [i, replica] of clients.entries()) {
      if (i >= 4) await followPages(store, replica);
      else apply(replica, await sync(replica.version));
    }

    const truth: Replica = { version: 0, products: new Map(), categories: new Map() };
    apply(truth, await sync(0));
    // The clients really synced in the middle of the edits, not only before and after them.
    expect([...seen].filter((v) => v > 1 && v < truth.version).length).toBeGreaterThan(5);
    for (const replica of clients) {
      expect(replica.version).toBe(truth.version);
      expect(replica.products.size).toBeGreaterThan(3);
      expect(Object.fromEntries(replica.products)).toEqual(Object.fromEntries(truth.products));
      expect(Object.fromEntries(replica.categories)).toEqual(Object.fromEntries(truth.categories));
    }
  });
});
