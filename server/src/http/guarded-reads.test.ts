/** Every route that takes a body reads it through the guarded readers of http/validate.ts (size already bounded by
 * the body limit, nesting checked before JSON.parse, NUL refused): a hostile body sent to every POST, PUT, PATCH and
 * DELETE route of `app.routes`, with and without an admin session, gets a quick 4xx, never a 5xx, and no route or
 * middleware reads the body by another way. A new route is covered by being mounted. Runs on the engine under test
 * (TEST_DATABASE). */
import { HonoRequest } from "hono/request";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_ENV, signIn, type AdminClient } from "../test/admin-session.ts";
import { createTestStore, type TestStore } from "../test/harness.ts";

/** What the answer to one hostile body may take, on a shared 2-core machine: far more than the depth scan needs to
 * refuse it, far less than JSON.parse needs to build it (docs/benchmarks.md). A slower answer, as on a machine loaded
 * with the other test suites, is held against JSON.parse of the same body timed right after it, under the same load:
 * a route that parsed the body would take at least as long. */
const SLOW_MS = 1_500;

/** How long JSON.parse takes to build (or refuse) `text` now. */
function parseMs(text: string): number {
  const started = performance.now();
  try {
    JSON.parse(text);
  } catch {
    // Not JSON, or too deep: refused as quickly as a route could.
  }
  return performance.now() - started;
}
/** Path parameters that exist in the seeded store, so a route gets as far as reading its body. */
const PARAMS: Record<string, string> = { id: "psn-10-us", code: "WELCOME10", productId: "psn-10-us" };
const BODY_READERS = ["json", "text", "arrayBuffer", "blob", "formData", "parseBody", "bytes"] as const;

const HOSTILE_BODIES: { name: string; type: string; body: () => string }[] = [
  { name: "escaped NUL", type: "application/json", body: () => '{"codeIds":["\\u0000"],"code":"\\u0000","x":"a"}' },
  { name: "raw NUL", type: "text/plain", body: () => "code\u0000" },
  { name: "form NUL", type: "application/x-www-form-urlencoded", body: () => "email=a%00b&sig=x&lang=en" },
  {
    name: "9 MB of brackets",
    type: "application/json",
    body: () => "[".repeat(4.5 * 1024 * 1024) + "]".repeat(4.5 * 1024 * 1024),
  },
  { name: "malformed JSON", type: "application/json", body: () => '{"codes": "a' },
];

let store: TestStore;
let admin: AdminClient;
/** The route being sent to, and every body read that did not go through validate.ts. */
let current = "";
const bypasses = new Set<string>();
const originals = new Map<string, unknown>();

beforeAll(async () => {
  store = await createTestStore({ seed: true, env: ADMIN_ENV });
  await store.services.promos.create({ code: "WELCOME10", percent: 10 });
  admin = await signIn(store);
  // Each way of reading a body is watched: a read whose call stack does not pass through the guarded readers is a
  // bypass (Hono's own parseBody calls arrayBuffer from inside readForm, which is guarded).
  const proto = HonoRequest.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of BODY_READERS) {
    const original = proto[name];
    if (typeof original !== "function") continue;
    originals.set(name, original);
    proto[name] = function (this: unknown, ...args: unknown[]) {
      if (!/[/\\]http[/\\]validate\.ts/.test(new Error().stack ?? "")) bypasses.add(`${current} (req.${name})`);
      return original.apply(this, args);
    };
  }
});
afterAll(async () => {
  const proto = HonoRequest.prototype as unknown as Record<string, unknown>;
  for (const [name, original] of originals) proto[name] = original;
  await store.close();
});

describe("hostile bodies on every route that takes one", () => {
  it("answer a quick 4xx, never a 5xx, and are read only through the guarded readers", async () => {
    const routes = store.app.routes
      .filter((r) => ["POST", "PUT", "PATCH", "DELETE"].includes(r.method))
      .map((r) => `${r.method} ${r.path}`)
      .filter((r, i, all) => all.indexOf(r) === i && !r.endsWith("/*"));
    expect(routes).toContain("POST /api/admin/products/:id/codes/import");
    expect(routes).toContain("POST /api/admin/products/:id/codes/revoke");

    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const [method = "POST", pattern = ""] = route.split(" ");
      const path = pattern.replace(/:(\w+)/g, (_, name: string) => PARAMS[name] ?? "x");
      for (const { name, type, body } of HOSTILE_BODIES) {
        for (const signedIn of [true, false]) {
          current = route;
          const headers: Record<string, string> = signedIn
            ? admin.headers({ "Content-Type": type, "Idempotency-Key": crypto.randomUUID() })
            : { "Content-Type": type };
          const text = body();
          const started = performance.now();
          const res = await store.app.request(`http://store.test${path}`, { method, headers, body: text });
          await res.arrayBuffer();
          const ms = performance.now() - started;
          // Signing out (or a password change) ends the session: the next admin request signs in again.
          if (signedIn && /logout|password|profile/.test(route)) admin = await signIn(store);
          sent++;
          const what = `${route} ${name}${signedIn ? " (admin)" : ""}`;
          if (res.status >= 500) failures.push(`${what}: ${res.status}`);
          if (ms > SLOW_MS) {
            const parsing = parseMs(text);
            if (ms >= parsing) failures.push(`${what}: ${Math.round(ms)} ms (JSON.parse: ${Math.round(parsing)} ms)`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect([...bypasses]).toEqual([]);
    expect(sent).toBeGreaterThan(100);
  }, 300_000);

  it("refuses a NUL in the codes import and revoke with a 400 (PostgreSQL cannot store one)", async () => {
    for (const [action, body] of [
      ["import", { codes: "ABC\u0000DEF", format: "text" }],
      ["revoke", { codeIds: ["\u0000"] }],
    ] as const) {
      const res = await admin.request("POST", `/api/admin/products/psn-10-us/codes/${action}`, body);
      expect(res.status, action).toBe(400);
      expect(((await res.json()) as { code?: string }).code).toBe("malformed_body");
    }
  });
});
