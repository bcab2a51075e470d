/** Every route of the built app is either on the public list below or refuses a caller without a session.
 * A route added later without protection fails here: add it to PUBLIC only if shoppers really need it. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "../test/harness.ts";
import { ADMIN_ENV, signIn, type AdminClient } from "../test/admin-session.ts";
import { PUBLIC_ADMIN_ROUTES } from "./session.ts";

const PUBLIC = new Set([
  "GET /api/sync",
  "GET /api/first",
  "GET /api/categories",
  "GET /sitemap.xml",
  "GET /robots.txt",
  "POST /api/checkout",
  "GET /api/orders/:code",
  "GET /api/orders/private/:token",
  // The shopper's own unpaid order, by its private token; "Find my order" (the same answer whatever matched).
  "POST /api/orders/private/:token/cancel",
  "POST /api/orders/find",
  // Back in stock: the request, how few are left, and the signed unsubscribe link's page and form.
  "POST /api/stock-requests",
  "GET /api/availability/:productId",
  "GET /api/stock-requests/unsubscribe",
  "POST /api/stock-requests/unsubscribe",
  // Payments (docs/decisions.md D11): the checkout form's currencies, and the providers' notifications
  // (Konnect's checked by fetching the payment from Konnect, Stripe's by its signature, Paymob's and the shopper's way
  // back from Paymob by their HMAC).
  "GET /api/payments/options",
  "GET /api/payments/konnect/webhook",
  "POST /api/payments/stripe/webhook",
  "POST /api/payments/paymob/webhook",
  "GET /api/payments/paymob/return",
  "POST /api/promos/validate",
  "POST /api/newsletter",
  "POST /api/admin/login",
  "GET /api/admin/rate",
  // The static server: the built client, uploads, and the JSON 404 for unknown API paths.
  "GET /uploads/*",
  "ALL /api/*",
  "GET /*",
  "ALL /*",
]);

/** Middleware that never answers on its own (the guard itself, idempotency, body limit, headers...). */
function isMiddleware(method: string, path: string): boolean {
  return (
    method === "ALL" &&
    (path.endsWith("*") || path === "/api/admin" || path === "/api/upload-image" || path === "/api/categories")
  );
}

function concrete(path: string): string {
  return path.replace(/:[A-Za-z0-9_]+(\{[^}]*\})?/g, "PNR-TEST1234");
}

describe("route protection", () => {
  let store: TestStore;
  let admin: AdminClient;
  let routes: { method: string; path: string }[];
  beforeAll(async () => {
    store = await createTestStore({ seed: true, env: ADMIN_ENV });
    admin = await signIn(store);
    const seen = new Set<string>();
    routes = store.app.routes
      .map((r) => ({ method: r.method, path: r.path }))
      .filter((r) => {
        const key = `${r.method} ${r.path}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
  });
  afterAll(() => store.close());

  it("keeps the public admin routes to the spec's two", () => {
    expect([...PUBLIC].filter((r) => r.includes("/api/admin"))).toEqual([
      "POST /api/admin/login",
      "GET /api/admin/rate",
    ]);
    expect(PUBLIC_ADMIN_ROUTES.filter((r) => !r.startsWith("HEAD "))).toEqual([
      "POST /api/admin/login",
      "GET /api/admin/rate",
    ]);
  });

  it("refuses every non-public route without a session (401)", async () => {
    const protectedRoutes = routes.filter(
      (r) => !PUBLIC.has(`${r.method} ${r.path}`) && !isMiddleware(r.method, r.path),
    );
    // The admin API as of this writing; the list only grows.
    expect(protectedRoutes.length).toBeGreaterThanOrEqual(30);
    for (const r of protectedRoutes) {
      const method = r.method === "ALL" ? "POST" : r.method;
      const res = await store.app.request(concrete(r.path), {
        method,
        headers: { "Content-Type": "application/json" },
        ...(method === "GET" || method === "HEAD" ? {} : { body: "{}" }),
      });
      expect(res.status, `${method} ${r.path}`).toBe(401);
      expect(await res.json(), `${method} ${r.path}`).toEqual({
        error: "Authentication required",
        code: "unauthorized",
      });
    }
  });

  it("covers every catalog mutation, categories included", () => {
    const keys = new Set(routes.map((r) => `${r.method} ${r.path}`));
    for (const k of [
      "POST /api/categories",
      "PUT /api/categories/:id",
      "DELETE /api/categories/:id",
      "POST /api/admin/products",
      "PUT /api/admin/products/:id",
      "DELETE /api/admin/products/:id",
      "POST /api/upload-image",
    ]) {
      expect(keys.has(k), k).toBe(true);
      expect(PUBLIC.has(k), k).toBe(false);
    }
  });

  it("refuses every state-changing admin route with a session but no CSRF token (403)", async () => {
    const mutations = routes.filter(
      (r) => ["POST", "PUT", "PATCH", "DELETE"].includes(r.method) && !PUBLIC.has(`${r.method} ${r.path}`),
    );
    expect(mutations.length).toBeGreaterThanOrEqual(15);
    for (const r of mutations) {
      const res = await store.app.request(concrete(r.path), {
        method: r.method,
        headers: { "Content-Type": "application/json", Cookie: admin.cookie },
        body: "{}",
      });
      expect(res.status, `${r.method} ${r.path}`).toBe(403);
      expect(await res.json()).toEqual({ error: "Invalid CSRF token", code: "forbidden" });
    }
  });

  it("serves the rate without a session", async () => {
    const res = await store.app.request("/api/admin/rate");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ usdToTnd: 3.2 });
  });
});
