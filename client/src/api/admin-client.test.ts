import "fake-indexeddb/auto";
import { describe, expect, it, vi } from "vitest";
import { storeDbPerTest } from "../test/store-db.ts";
import {
  AdminApiError,
  AdminNetworkError,
  AdminQueuedError,
  AdminStorageFullError,
  createAdminClient,
  errorFromResponse,
  resolvePath,
  withVersion,
} from "./admin-client.ts";
import { outboxSink } from "../local/admin-api.ts";

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** A fake server: answers each call with the next handler's response, recording what was sent. */
function fakeFetch(handler: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fn: typeof fetch = async (input, init) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call: Call = {
      url: String(input),
      method: init?.method ?? "GET",
      headers,
      body: typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    return handler(call);
  };
  return { fn, calls };
}

const db = storeDbPerTest("admin-client-test");

describe("admin API error mapping", () => {
  it("uses the response's error field", () => {
    const err = errorFromResponse(400, { error: "Title is required", fields: { title: "Title is required", n: 3 } });
    expect(err).toBeInstanceOf(AdminApiError);
    expect(err.status).toBe(400);
    expect(err.message).toBe("Title is required");
    expect(err.fields).toEqual({ title: "Title is required" });
  });

  it("falls back to the message field", () => {
    expect(errorFromResponse(403, { message: "Nope" }).message).toBe("Nope");
  });

  it("says 'Request failed (status)' when the body has neither", () => {
    expect(errorFromResponse(502, "<html>Bad gateway</html>").message).toBe("Request failed (502)");
    expect(errorFromResponse(500, { detail: "x" }).message).toBe("Request failed (500)");
    expect(errorFromResponse(404, undefined).message).toBe("Request failed (404)");
  });

  it("resolves relative paths under /api/admin and keeps full ones", () => {
    expect(resolvePath("products")).toBe("/api/admin/products");
    expect(resolvePath("/products/1")).toBe("/api/admin/products/1");
    expect(resolvePath("/api/categories/c1")).toBe("/api/categories/c1");
  });

  it("adds the base version to an object body unless one is set", () => {
    expect(withVersion({ a: 1 }, 3)).toEqual({ a: 1, version: 3 });
    expect(withVersion({ a: 1, version: 5 }, 3)).toEqual({ a: 1, version: 5 });
    expect(withVersion({ a: 1 }, undefined)).toEqual({ a: 1 });
  });
});

describe("admin API client", () => {
  const session = { username: "admin", name: "Admin", csrfToken: "tok-1" };

  it("sends the session's CSRF token and an idempotency key on a mutation", async () => {
    const { fn, calls } = fakeFetch((c) =>
      c.url === "/api/admin/session" ? json(200, session) : json(200, { ok: true }),
    );
    const api = createAdminClient({ fetch: fn, outbox: outboxSink(db().adminOutbox), newKey: () => "key-1" });
    await expect(api.send("PUT", "/api/admin/rate", { usdToTnd: 3.3 })).resolves.toEqual({ ok: true });
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.headers["X-CSRF-Token"]).toBe("tok-1");
    expect(put?.headers["Idempotency-Key"]).toBe("key-1");
    expect(put?.body).toEqual({ usdToTnd: 3.3 });
  });

  it("refreshes the CSRF token once on 403 and retries with the same key", async () => {
    let token = "old";
    const { fn, calls } = fakeFetch((c) => {
      if (c.url === "/api/admin/session") return json(200, { ...session, csrfToken: token });
      if (c.headers["X-CSRF-Token"] !== "new") return json(403, { error: "Invalid CSRF token" });
      return json(200, { ok: true });
    });
    const api = createAdminClient({ fetch: fn, outbox: outboxSink(db().adminOutbox) });
    await api.session();
    token = "new";
    await expect(api.send("POST", "promos", { code: "X", percent: 5 })).resolves.toEqual({ ok: true });
    const posts = calls.filter((c) => c.method === "POST");
    expect(posts).toHaveLength(2);
    expect(posts[0]?.headers["Idempotency-Key"]).toBe(posts[1]?.headers["Idempotency-Key"]);
  });

  it("gives up after one CSRF refresh", async () => {
    const { fn } = fakeFetch((c) =>
      c.url === "/api/admin/session" ? json(200, session) : json(403, { error: "Invalid CSRF token" }),
    );
    const api = createAdminClient({ fetch: fn, outbox: outboxSink(db().adminOutbox) });
    await expect(api.send("DELETE", "products/p1")).rejects.toMatchObject({
      status: 403,
      message: "Invalid CSRF token",
    });
  });

  it("calls the unauthorized handler on 401 and reports no session", async () => {
    const onUnauthorized = vi.fn();
    const { fn } = fakeFetch(() => json(401, { error: "Authentication required" }));
    const api = createAdminClient({ fetch: fn, outbox: outboxSink(db().adminOutbox), onUnauthorized });
    await expect(api.get("metrics")).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await expect(api.session(true)).resolves.toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("maps a failed fetch to a network error", async () => {
    const { fn } = fakeFetch(() => {
      throw new TypeError("Failed to fetch");
    });
    const api = createAdminClient({ fetch: fn, outbox: outboxSink(db().adminOutbox) });
    await expect(api.get("metrics")).rejects.toBeInstanceOf(AdminNetworkError);
  });

  it("queues an edit while offline, with its key and base version, without calling the server", async () => {
    const { fn, calls } = fakeFetch(() => json(200, {}));
    const api = createAdminClient({
      fetch: fn,
      outbox: outboxSink(db().adminOutbox),
      isOnline: () => false,
      newKey: () => "k-off",
      now: () => 1000,
    });
    const err = await api
      .send(
        "PUT",
        "products/p1",
        { title: "New" },
        { queueOffline: { entity: "product", entityId: "p1", baseVersion: 4, label: "Product p1" } },
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AdminQueuedError);
    expect(calls).toHaveLength(0);
    const rows = await db().adminOutbox.toArray();
    expect(rows).toEqual([
      expect.objectContaining({
        method: "PUT",
        path: "/api/admin/products/p1",
        body: { title: "New", version: 4 },
        idempotencyKey: "k-off",
        baseVersion: 4,
        status: "pending",
        entity: "product",
        entityId: "p1",
        label: "Product p1",
        createdAt: 1000,
      }),
    ]);
  });

  it("queues an edit when the request fails on the network", async () => {
    const { fn } = fakeFetch((c) => {
      if (c.url === "/api/admin/session") return json(200, session);
      throw new TypeError("Failed to fetch");
    });
    const api = createAdminClient({ fetch: fn, outbox: outboxSink(db().adminOutbox) });
    await expect(
      api.send(
        "PUT",
        "toggles",
        { showPromo: false },
        { queueOffline: { entity: "settings.toggles", label: "Toggles" } },
      ),
    ).rejects.toBeInstanceOf(AdminQueuedError);
    expect(await db().adminOutbox.count()).toBe(1);
  });

  it("queues a later part behind a queued one without trying the network, even online", async () => {
    const { fn, calls } = fakeFetch((c) => (c.url === "/api/admin/session" ? json(200, session) : json(200, {})));
    const api = createAdminClient({ fetch: fn, outbox: outboxSink(db().adminOutbox), isOnline: () => true });
    await expect(
      api.send(
        "POST",
        "products/p1/codes/import",
        { text: "B" },
        { queueOffline: { entity: "codes", entityId: "p1", label: "Import" }, queueOnly: true },
      ),
    ).rejects.toBeInstanceOf(AdminQueuedError);
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
    expect((await db().adminOutbox.toArray()).map((r) => [r.entity, r.entityId, r.body])).toEqual([
      ["codes", "p1", { text: "B" }],
    ]);
  });

  it("says the device is out of storage when the queue cannot keep an edit", async () => {
    const offline = fakeFetch(() => {
      throw new TypeError("Failed to fetch");
    });
    const full = () => Promise.reject(new DOMException("The quota has been exceeded.", "QuotaExceededError"));
    const api = createAdminClient({ fetch: offline.fn, outbox: full, isOnline: () => false });
    await expect(
      api.send("POST", "/api/categories", { name: "x" }, { queueOffline: { entity: "category", label: "x" } }),
    ).rejects.toBeInstanceOf(AdminStorageFullError);
  });

  it("does not queue an edit that did not ask for it", async () => {
    const offline = fakeFetch(() => {
      throw new TypeError("Failed to fetch");
    });
    const api = createAdminClient({ fetch: offline.fn, outbox: outboxSink(db().adminOutbox), isOnline: () => false });
    await expect(api.send("PUT", "profile", { name: "x" })).rejects.toBeInstanceOf(AdminNetworkError);
    expect(await db().adminOutbox.count()).toBe(0);
  });

  it("does not queue server refusals", async () => {
    const { fn } = fakeFetch((c) =>
      c.url === "/api/admin/session" ? json(200, session) : json(400, { error: "Rate must be a number" }),
    );
    const api = createAdminClient({ fetch: fn, outbox: outboxSink(db().adminOutbox) });
    await expect(
      api.send("PUT", "rate", { usdToTnd: -1 }, { queueOffline: { entity: "settings.rate", label: "Rate" } }),
    ).rejects.toMatchObject({
      status: 400,
      message: "Rate must be a number",
    });
    expect(await db().adminOutbox.count()).toBe(0);
  });

  it("keeps the login's CSRF token for later calls", async () => {
    const { fn, calls } = fakeFetch((c) => {
      if (c.url === "/api/admin/login")
        return json(200, { ok: true, username: "admin", name: "A", csrfToken: "from-login" });
      return json(200, { ok: true });
    });
    const api = createAdminClient({ fetch: fn, outbox: outboxSink(db().adminOutbox) });
    await api.login("admin", "pw");
    await api.send("POST", "logout");
    expect(calls.some((c) => c.url === "/api/admin/session")).toBe(false);
    expect(calls[1]?.headers["X-CSRF-Token"]).toBe("from-login");
  });

  it("reports wrong credentials with the server's error", async () => {
    const { fn } = fakeFetch(() => json(401, { ok: false, error: "Invalid username or password" }));
    const api = createAdminClient({ fetch: fn, outbox: outboxSink(db().adminOutbox) });
    await expect(api.login("admin", "bad")).rejects.toMatchObject({
      status: 401,
      message: "Invalid username or password",
    });
  });
});
