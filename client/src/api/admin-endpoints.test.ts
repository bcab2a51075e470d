import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { storeDbPerTest } from "../test/store-db.ts";
import { outboxSink } from "../local/admin-api.ts";
import { AdminApiError, AdminQueuedError, AdminShapeError, createAdminClient } from "./admin-client.ts";
import * as api from "./admin-endpoints.ts";
import { bind, withQuery } from "./admin-endpoints.ts";
import { product } from "../test/fixtures.ts";

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

const session = { username: "admin", name: "Admin", csrfToken: "tok-1" };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** A console client whose server answers the session, then `answer` for every other call, recording them. */
function clientAnswering(answer: (call: Call) => Response, deps: { online?: boolean; outbox?: boolean } = {}) {
  const calls: Call[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const call: Call = {
      url: String(input),
      method: init?.method ?? "GET",
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined,
    };
    if (call.url === "/api/admin/session") return json(200, session);
    calls.push(call);
    return answer(call);
  };
  const client = createAdminClient({
    fetch,
    isOnline: () => deps.online ?? true,
    newKey: () => "key-1",
    onUnauthorized: vi.fn(),
    ...(deps.outbox ? { outbox: outboxSink(db().adminOutbox) } : {}),
  });
  return { client, calls };
}

const db = storeDbPerTest("admin-endpoints-test");

afterEach(() => {
  vi.useRealTimers();
});

describe("the console's endpoints", () => {
  it("keeps an awkward id one path segment, on every entity's address", () => {
    expect(api.products.one.path("a/b c")).toBe("/api/admin/products/a%2Fb%20c");
    expect(api.products.update.path("a/b c")).toBe("/api/admin/products/a%2Fb%20c");
    expect(api.products.remove.path({ id: "a/b c", version: 3 })).toBe("/api/admin/products/a%2Fb%20c?version=3");
    expect(api.banners.remove.path({ id: "b?1", version: undefined })).toBe("/api/admin/banners/b%3F1");
    expect(api.promos.update.path("SUMMER#10")).toBe("/api/admin/promos/SUMMER%2310");
    expect(api.categories.update.path("c/1")).toBe("/api/categories/c%2F1");
    expect(api.orders.one.path("PNR 1/2")).toBe("/api/admin/orders/PNR%201%2F2");
    expect(api.orders.act.path({ code: "PNR&1", action: "mark-paid" })).toBe("/api/admin/orders/PNR%261/mark-paid");
    expect(api.orders.replaceCode.path("a/b")).toBe("/api/admin/orders/a%2Fb/replace-code");
    expect(api.stock.revoke.path("a/b c")).toBe("/api/admin/products/a%2Fb%20c/codes/revoke");
    expect(api.stock.export.path({ productId: "a/b", format: "txt" })).toBe("/api/admin/products/a%2Fb/codes.txt");
    expect(api.blockList.remove.path("x/y")).toBe("/api/admin/block-list/x%2Fy");
    expect(api.mailbox.one.path(12)).toBe("/api/admin/mailbox/12");
  });

  it("puts the list filters in the query as the server reads them, leaving out the empty ones", () => {
    expect(
      api.orders.page.path({ limit: 25, filters: { q: "  ann@x.tn ", status: "paid", sort: "oldest" }, cursor: "c&1" }),
    ).toBe("/api/admin/orders?limit=25&sort=oldest&q=ann%40x.tn&status=paid&cursor=c%261");
    expect(api.orders.page.path({ limit: 25, filters: { q: " ", status: "", sort: "newest" }, cursor: null })).toBe(
      "/api/admin/orders?limit=25&sort=newest",
    );
    expect(api.products.page.path({ limit: 24, q: "gift card", category: "c/1", cursor: null })).toBe(
      "/api/admin/products?limit=24&q=gift+card&category=c%2F1",
    );
    expect(api.stock.codes.path({ productId: "p 1", status: "sold", limit: 20, before: "k=1" })).toBe(
      "/api/admin/products/p%201/codes?status=sold&limit=20&before=k%3D1",
    );
    expect(api.orders.recent.path(10)).toBe("/api/admin/orders?limit=10");
    expect(withQuery("/x", {})).toBe("/x");
  });

  it("sends the console's time zone where the server counts days", () => {
    vi.spyOn(Date.prototype, "getTimezoneOffset").mockReturnValue(-60);
    try {
      expect(api.dashboard.sales.path(30)).toBe("/api/admin/metrics/sales?days=30&tz=60");
      expect(api.dashboard.topProducts.path(7)).toBe("/api/admin/metrics/top-products?days=7&tz=60");
      expect(api.dashboard.limitsToday.path()).toBe("/api/admin/limits/today?tz=60");
      expect(api.ordersCsvHref("sales", { q: "", status: "paid", sort: "newest" })).toBe(
        "/api/admin/sales.csv?status=paid&tz=60",
      );
    } finally {
      vi.restoreAllMocks();
    }
    expect(api.ordersCsvHref("orders", { q: "a b", status: "", sort: "total_desc" })).toBe(
      "/api/admin/orders.csv?q=a+b&sort=total_desc",
    );
  });
});

describe("adminApi.call", () => {
  it("reads an endpoint and answers what its schema accepted", async () => {
    const { client, calls } = clientAnswering(() => json(200, { count: 4, extra: "dropped" }));
    expect(await client.call(api.newsletter.count)).toEqual({ count: 4 });
    expect(calls).toMatchObject([{ url: "/api/admin/newsletter", method: "GET" }]);
  });

  it("refuses a 2xx answer its schema does not accept", async () => {
    const { client } = clientAnswering(() => json(200, { orders: "not a list", next: null }));
    const failed = client.call(api.orders.page, {
      params: { limit: 25, filters: { q: "", status: "", sort: "newest" }, cursor: null },
    });
    await expect(failed).rejects.toBeInstanceOf(AdminShapeError);
    await expect(failed).rejects.toMatchObject({ status: 200, body: { orders: "not a list" } });
    // A refusal of the body is an admin error like any other: the panels say their generic failure.
    await expect(failed).rejects.toBeInstanceOf(AdminApiError);
  });

  it("sends a mutation at the endpoint's address with its body, the CSRF token and an Idempotency-Key", async () => {
    const saved = product("a/b c", { title: "Gift", version: 4 });
    const { client, calls } = clientAnswering(() => json(200, saved));
    const answer = await client.call(api.products.update, { params: "a/b c", body: { title: "Gift", version: 3 } });
    expect(answer).toMatchObject({ id: "a/b c", title: "Gift", version: 4 });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: "/api/admin/products/a%2Fb%20c",
      method: "PUT",
      body: { title: "Gift", version: 3 },
      headers: { "X-CSRF-Token": "tok-1", "Idempotency-Key": "key-1", "Content-Type": "application/json" },
    });
  });

  it("says a refusal with the server's status and code", async () => {
    const { client } = clientAnswering(() => json(404, { error: "Order not found", code: "order_not_found" }));
    await expect(client.call(api.orders.one, { params: "PNR-1" })).rejects.toMatchObject({
      status: 404,
      code: "order_not_found",
    });
  });

  it("offline, queues the mutation at the endpoint's address with its version, as the outbox replays it", async () => {
    const { client, calls } = clientAnswering(() => json(200, {}), { online: false, outbox: true });
    const removed = client.call(
      api.banners.remove,
      { params: { id: "b/1", version: 2 } },
      { queueOffline: { entity: "banner", entityId: "b/1", baseVersion: 2, label: "Delete banner" } },
    );
    await expect(removed).rejects.toBeInstanceOf(AdminQueuedError);
    expect(calls).toEqual([]);
    expect(await db().adminOutbox.toArray()).toMatchObject([
      { method: "DELETE", path: "/api/admin/banners/b%2F1?version=2", idempotencyKey: "key-1", baseVersion: 2 },
    ]);
  });

  it("reads a bound endpoint at the parameters it was given", async () => {
    const { client, calls } = clientAnswering(() => json(200, product("p/1")));
    await client.call(bind(api.products.one, "p/1"));
    expect(calls.map((c) => c.url)).toEqual(["/api/admin/products/p%2F1"]);
  });

  it("reads a code export's text, an empty one as no codes", async () => {
    const { client } = clientAnswering(
      (call) =>
        new Response(call.url.endsWith(".csv") ? "code\r\nAAA\r\n" : "", {
          status: 200,
          headers: { "Content-Type": "text/plain; charset=utf-8" },
        }),
    );
    expect(await client.call(api.stock.export, { params: { productId: "p1", format: "csv" } })).toBe("code\r\nAAA\r\n");
    expect(await client.call(api.stock.export, { params: { productId: "p1", format: "txt" } })).toBe("");
  });
});
