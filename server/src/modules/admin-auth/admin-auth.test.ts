import type { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { buildApp, buildServices } from "../../app.ts";
import { createTestStore, jsonRequest, type TestStore } from "../../test/harness.ts";
import { ADMIN_ENV, TEST_ADMIN, cookiePair, signIn } from "../../test/admin-session.ts";
import { AdminAuthRepo } from "./admin-auth.repo.ts";
import {
  ACCOUNT_FREE_FAILURES,
  AdminAuthService,
  FREE_FAILURES,
  KNOWN_ADDRESS_MS,
  MAX_DELAY_MS,
  TOO_MANY_ATTEMPTS,
  TOO_MANY_PASSWORD_ATTEMPTS,
  delayAfter,
  hashSessionId,
} from "./admin-auth.service.ts";
import { verifyPassword } from "./password.ts";
import { Sealer } from "../../lib/sealer.ts";

function login(store: TestStore, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return Promise.resolve(
    store.app.request("/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    }),
  );
}

/** The store's app with sign-in's clock stopped, so no wait runs out while a test runs. */
function withStoppedClock(store: TestStore): Hono {
  const now = Date.now();
  const services = buildServices(store);
  services.adminAuth = new AdminAuthService(
    store.data,
    new AdminAuthRepo(),
    store.config,
    () => now,
    Sealer.fromConfig(store.config.codesKey, store.config.dataDir),
  );
  return buildApp(store, services);
}

/** Each test makes its own store, with the settings it is about, and it is closed after the test. */
let store: TestStore;
afterEach(() => store.close());

describe("admin sign-in", () => {
  it("signs in with the configured first admin and sets a hardened session cookie", async () => {
    store = await createTestStore({ env: ADMIN_ENV });
    const res = await login(store, TEST_ADMIN);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ok: boolean; csrfToken: string; username: string };
    expect(body.ok).toBe(true);
    expect(body.username).toBe("admin");
    expect(body.csrfToken.length).toBeGreaterThan(20);
    const cookie = res.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^admin_session=[A-Za-z0-9_-]{40,};/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Secure");

    // Only a hash of the session id is stored.
    const sessionId = cookiePair(cookie).split("=")[1] ?? "";
    const rows = await store.query((db, t) => db.select().from(t.adminSessions));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.idHash).toBe(hashSessionId(sessionId));
    expect(rows[0]?.idHash).not.toBe(sessionId);

    const session = await store.app.request("/api/admin/session", { headers: { Cookie: cookiePair(cookie) } });
    expect(await session.json()).toEqual({ username: "admin", name: "", csrfToken: body.csrfToken });
  });

  it("gives a new session id on every sign-in", async () => {
    store = await createTestStore({ env: ADMIN_ENV });
    const a = await signIn(store);
    const b = await signIn(store);
    expect(a.cookie).not.toBe(b.cookie);
    expect(a.csrfToken).not.toBe(b.csrfToken);
  });

  it("marks the cookie Secure (with the __Host- prefix) in production", async () => {
    store = await createTestStore({ env: { ...ADMIN_ENV, NODE_ENV: "production" } });
    const res = await login(store, TEST_ADMIN);
    const cookie = res.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^__Host-admin_session=/);
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    const session = await store.app.request("/api/admin/session", { headers: { Cookie: cookiePair(cookie) } });
    expect(session.status).toBe(200);
  });

  it("marks the cookie Secure whenever the request arrives over https, whatever NODE_ENV says", async () => {
    store = await createTestStore({ env: { ...ADMIN_ENV, TRUST_PROXY: "yes" } });
    const secureCookie = async (url: string, headers: Record<string, string> = {}) => {
      const res = await store.app.request(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify(TEST_ADMIN),
      });
      expect(res.status).toBe(200);
      const cookie = res.headers.get("Set-Cookie") ?? "";
      return /^__Host-admin_session=/.test(cookie) && /;\s*Secure/i.test(cookie);
    };
    expect(await secureCookie("https://store.test/api/admin/login")).toBe(true);
    // Through the trusted proxy, which says the shopper's connection was https.
    expect(await secureCookie("http://store.test/api/admin/login", { "X-Forwarded-Proto": "https" })).toBe(true);
    expect(await secureCookie("http://store.test/api/admin/login")).toBe(false);
    // The proxy's word counts only when the proxy is trusted.
    await store.close();
    store = await createTestStore({ env: ADMIN_ENV });
    expect(await secureCookie("http://store.test/api/admin/login", { "X-Forwarded-Proto": "https" })).toBe(false);
    await store.close();
    store = await createTestStore({ env: { ...ADMIN_ENV, PUBLIC_URL: "https://shop.example" } });
    expect(await secureCookie("http://shop.example/api/admin/login", { Origin: "https://shop.example" })).toBe(true);
  });

  it("refuses a wrong password or an unknown user with the same message", async () => {
    store = await createTestStore({ env: ADMIN_ENV });
    for (const body of [
      { username: "admin", password: "nope" },
      { username: "ghost", password: TEST_ADMIN.password },
    ]) {
      const res = await login(store, body);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ ok: false, error: "Invalid username or password", code: "login_invalid" });
      expect(res.headers.get("Set-Cookie")).toBeNull();
    }
  });

  it("answers a malformed body with 400 and field messages", async () => {
    store = await createTestStore({ env: ADMIN_ENV });
    const res = await login(store, { username: "admin" });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fields: Record<string, string>; fieldCodes: Record<string, unknown> };
    expect(body.fields.password).toBe("Password is required");
    expect(body.fieldCodes.password).toEqual({ code: "required" });
    const bad = await store.app.request("/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{",
    });
    expect(bad.status).toBe(400);
  });

  it("refuses a sign-in posted from another site", async () => {
    store = await createTestStore({ env: ADMIN_ENV });
    const res = await login(store, TEST_ADMIN, { Origin: "https://evil.example" });
    expect(res.status).toBe(403);
    const ok = await login(store, TEST_ADMIN, { Origin: "http://store.test" });
    expect(ok.status).toBe(200);
  });

  it("makes a guessing address wait longer after each failure, the right password included", async () => {
    store = await createTestStore({ env: ADMIN_ENV });
    let now = Date.now();
    const service = new AdminAuthService(store.data, new AdminAuthRepo(), store.config, () => now);
    const guess = (password = "wrong") => service.login("admin", password, { address: "1.2.3.4" });
    for (let i = 0; i < FREE_FAILURES; i++) await expect(guess()).rejects.toMatchObject({ status: 401 });
    // Then 1 s, 2 s, 4 s...: each failure doubles the wait.
    for (const seconds of [1, 2, 4, 8]) {
      await expect(guess(TEST_ADMIN.password)).rejects.toMatchObject({ status: 429, retryAfterSeconds: seconds });
      now += seconds * 1000;
      await expect(guess()).rejects.toMatchObject({ status: 401 });
    }
    expect(delayAfter(40)).toBe(MAX_DELAY_MS);
    // Once its wait is over, the address may sign in with the right password, which forgets its failures.
    now += 16_000;
    await expect(guess(TEST_ADMIN.password)).resolves.toMatchObject({ admin: { username: "admin" } });
    for (let i = 0; i < FREE_FAILURES; i++) await expect(guess()).rejects.toMatchObject({ status: 401 });
  });

  it("budgets the account's failures across addresses: past it new clients wait unchecked, the owner's do not", async () => {
    store = await createTestStore({ env: { ...ADMIN_ENV, TRUST_PROXY: "yes" } });
    const app = withStoppedClock(store);
    const from = async (address: string, body: unknown, cookie?: string) =>
      app.request(
        "/api/admin/login",
        jsonRequest("POST", body, { "X-Forwarded-For": address, ...(cookie ? { Cookie: cookie } : {}) }),
      );
    const cookieNamed = (res: Response, name: string) =>
      cookiePair(res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`)) ?? null);
    // Before the attack the owner signed in from the office, and from a laptop that keeps its device cookie.
    const office = await from("198.51.100.20", TEST_ADMIN);
    expect(office.status).toBe(200);
    const session = cookieNamed(office, "admin_session");
    const laptop = await from("192.0.2.77", TEST_ADMIN);
    const device = cookieNamed(laptop, "admin_device");
    expect(device).toMatch(/^admin_device=adm_/);
    expect(laptop.headers.getSetCookie().find((c) => c.startsWith("admin_device="))).toMatch(
      /Path=\/api\/admin\/login; HttpOnly; SameSite=Strict/,
    );

    // 40 addresses x 3 wrong passwords: only the account's budget of them is checked, the rest wait.
    const statuses: number[] = [];
    for (let a = 0; a < 40; a++)
      for (let i = 0; i < 3; i++)
        statuses.push((await from(`203.0.113.${a}`, { username: "admin", password: `w${a}-${i}` })).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(ACCOUNT_FREE_FAILURES);
    expect(statuses.slice(ACCOUNT_FREE_FAILURES).every((s) => s === 429)).toBe(true);
    // Nor do the addresses of one IPv6 /64 each get a budget, nor is even the right password checked while waiting.
    for (const address of ["2001:db8:5:5::1", "2001:db8:5:5::2", "203.0.113.200"]) {
      const waiting = await from(address, TEST_ADMIN);
      expect(waiting.status, address).toBe(429);
      expect(Number(waiting.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(await waiting.json()).toMatchObject({ error: TOO_MANY_ATTEMPTS, code: "rate_limited" });
      expect(waiting.headers.getSetCookie()).toEqual([]);
    }
    // A forged device cookie, or one signed for another admin, is nothing.
    for (const forged of [`${device.slice(0, -2)}xx`, "admin_device=adm_other.1.AAAA", "admin_device=junk"])
      expect((await from("203.0.113.201", TEST_ADMIN, forged)).status).toBe(429);

    // The owner gets in: from the address that signed in before, from the laptop anywhere, and with a live session.
    expect((await from("198.51.100.20", TEST_ADMIN)).status).toBe(200);
    expect((await from("203.0.113.202", TEST_ADMIN, device)).status).toBe(200);
    expect((await from("203.0.113.203", TEST_ADMIN, session)).status).toBe(200);
    // A mistyped password there is a 401, not a lock-out; its success does not reset the guessers' count.
    expect((await from("198.51.100.20", { username: "admin", password: "typo" })).status).toBe(401);
    expect((await from("198.51.100.20", TEST_ADMIN)).status).toBe(200);
    expect((await from("203.0.113.204", TEST_ADMIN)).status).toBe(429);
  });

  it("keeps a known address trusted for a while only", async () => {
    store = await createTestStore({ env: ADMIN_ENV });
    let now = Date.now();
    const service = new AdminAuthService(store.data, new AdminAuthRepo(), store.config, () => now);
    await service.login("admin", TEST_ADMIN.password, { address: "198.51.100.9" });
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++)
      await expect(service.login("admin", "wrong", { address: `203.0.113.${i}` })).rejects.toMatchObject({
        status: 401,
      });
    await expect(service.login("admin", TEST_ADMIN.password, { address: "203.0.113.99" })).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 1,
    });
    await expect(service.login("admin", TEST_ADMIN.password, { address: "198.51.100.9" })).resolves.toBeDefined();
    // Without a device signer no device cookie is issued.
    expect((await service.login("admin", TEST_ADMIN.password, { address: "198.51.100.9" })).device).toBeUndefined();
    now += KNOWN_ADDRESS_MS + 1;
    for (let i = 0; i < ACCOUNT_FREE_FAILURES; i++)
      await expect(service.login("admin", "wrong", { address: `203.0.113.${i}` })).rejects.toMatchObject({
        status: 401,
      });
    await expect(service.login("admin", TEST_ADMIN.password, { address: "198.51.100.9" })).rejects.toMatchObject({
      status: 429,
    });
  });

  it("ends the session on the server at logout", async () => {
    store = await createTestStore({ env: ADMIN_ENV });
    const admin = await signIn(store);
    const res = await admin.request("POST", "/api/admin/logout");
    expect(res.status).toBe(200);
    expect(res.headers.get("Set-Cookie")).toMatch(/admin_session=;.*Max-Age=0/);
    expect(await store.query((db, t) => db.select().from(t.adminSessions))).toHaveLength(0);
    const again = await store.app.request("/api/admin/session", { headers: { Cookie: admin.cookie } });
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ error: "Authentication required", code: "unauthorized" });
  });

  it("refuses an expired session", async () => {
    store = await createTestStore({ env: ADMIN_ENV });
    const admin = await signIn(store);
    await store.query((db, t) => db.update(t.adminSessions).set({ expiresAt: Date.now() - 1000 }));
    const res = await store.app.request("/api/admin/products", { headers: { Cookie: admin.cookie } });
    expect(res.status).toBe(401);
  });
});

describe("CSRF protection", () => {
  it("refuses a state-changing call without the token, with a wrong one, or from another origin", async () => {
    store = await createTestStore({ seed: true, env: ADMIN_ENV });
    const admin = await signIn(store);
    const body = JSON.stringify({ showPromo: false });
    const attempts: Record<string, string>[] = [
      { "Content-Type": "application/json", Cookie: admin.cookie },
      { "Content-Type": "application/json", Cookie: admin.cookie, "X-CSRF-Token": "wrong" },
      { "Content-Type": "application/json", Cookie: admin.cookie, "X-CSRF-Token": `${admin.csrfToken.slice(0, -1)}x` },
      admin.headers({ Origin: "https://evil.example" }),
    ];
    for (const headers of attempts) {
      const res = await store.app.request("/api/admin/toggles", { method: "PUT", headers, body });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "Invalid CSRF token", code: "forbidden" });
    }
    for (const [method, path] of [
      ["POST", "/api/categories"],
      ["DELETE", "/api/categories/cat-gift-cards"],
      ["DELETE", "/api/admin/products/steam-20"],
      ["POST", "/api/admin/logout"],
    ] as const) {
      const res = await store.app.request(path, {
        method,
        headers: { Cookie: admin.cookie, "Content-Type": "application/json" },
        body: "{}",
      });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    const ok = await admin.request("PUT", "/api/admin/toggles", { showPromo: false }, { Origin: "http://store.test" });
    expect(ok.status).toBe(200);
  });

  it("lets reads through without the token", async () => {
    store = await createTestStore({ env: ADMIN_ENV });
    const admin = await signIn(store);
    const res = await store.app.request("/api/admin/toggles", { headers: { Cookie: admin.cookie } });
    expect(res.status).toBe(200);
  });
});

describe("first admin", () => {
  it("creates `admin` with a random password printed once when none is configured", async () => {
    store = await createTestStore();
    const lines: string[] = [];
    const service = store.services.adminAuth;
    await service.ensureFirstAdmin((l) => lines.push(l));
    const line = lines.find((l) => l.startsWith("Admin login: "));
    const m = /^Admin login: admin \/ (\S+)$/.exec(line ?? "");
    expect(m).not.toBeNull();
    const password = m?.[1] ?? "";
    expect(password.length).toBeGreaterThanOrEqual(16);
    const row = (await store.query((db, t) => db.select().from(t.admins).where(eq(t.admins.username, "admin"))))[0];
    expect(row?.passwordHash).toMatch(/^scrypt\$N=\d+,r=8,p=1\$/);
    expect(row?.passwordHash).not.toContain(password);
    expect(await verifyPassword(password, row?.passwordHash ?? "")).toBe(true);

    const again: string[] = [];
    await service.ensureFirstAdmin((l) => again.push(l));
    expect(again).toEqual([]);
    expect(await store.query((db, t) => db.select().from(t.admins))).toHaveLength(1);
    expect((await login(store, { username: "admin", password })).status).toBe(200);
  });

  it("uses ADMIN_USERNAME / ADMIN_PASSWORD and never prints the password", async () => {
    store = await createTestStore();
    const service = new AdminAuthService(store.data, new AdminAuthRepo(), {
      adminUsername: "owner",
      adminPassword: "s3cret-pass-42",
    });
    const lines: string[] = [];
    await service.ensureFirstAdmin((l) => lines.push(l));
    expect(lines.join("\n")).not.toContain("s3cret-pass-42");
    expect((await login(store, { username: "owner", password: "s3cret-pass-42" })).status).toBe(200);
  });

  it("refuses a short or common ADMIN_PASSWORD at first start, creating nobody", async () => {
    store = await createTestStore();
    for (const [adminPassword, why] of [
      ["s3cret-pass", "at least 12 characters"],
      ["Password1234", "too common"],
    ] as const) {
      const service = new AdminAuthService(store.data, new AdminAuthRepo(), { adminUsername: "owner", adminPassword });
      await expect(service.ensureFirstAdmin(() => undefined)).rejects.toThrow(`ADMIN_PASSWORD is refused`);
      await expect(service.ensureFirstAdmin(() => undefined)).rejects.toThrow(why);
      await expect(service.ensureFirstAdmin(() => undefined)).rejects.not.toThrow(adminPassword);
    }
    expect(await store.query((db, t) => db.select().from(t.admins))).toHaveLength(0);
  });
});

describe("profile and password", () => {
  it("reads and updates the profile", async () => {
    store = await createTestStore({ env: ADMIN_ENV });
    const admin = await signIn(store);
    expect(await (await admin.request("GET", "/api/admin/profile")).json()).toEqual({
      name: "",
      email: "",
      username: "admin",
    });
    const res = await admin.request("PUT", "/api/admin/profile", {
      name: " Sami ",
      email: "sami@store.test",
      username: "sami.b",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: "Sami", email: "sami@store.test", username: "sami.b" });
    const session = await (await admin.request("GET", "/api/admin/session")).json();
    expect(session).toMatchObject({ username: "sami.b", name: "Sami" });
    expect((await login(store, { username: "sami.b", password: TEST_ADMIN.password })).status).toBe(200);
  });

  it("validates the profile", async () => {
    store = await createTestStore({ env: ADMIN_ENV });
    const admin = await signIn(store);
    const res = await admin.request("PUT", "/api/admin/profile", { name: "A", email: "not-an-email", username: "a b" });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fields: Record<string, string>; fieldCodes: Record<string, unknown> };
    expect(body.fields.email).toBe("Please enter a valid email address.");
    expect(body.fields.username).toMatch(/3 to 40 characters/);
    expect(body.fieldCodes).toEqual({ email: { code: "invalid_email" }, username: { code: "invalid_username" } });
    await store.query((db, t) =>
      db.insert(t.admins).values({ id: "adm_2", username: "other", passwordHash: "x", createdAt: 1, updatedAt: 1 }),
    );
    const taken = await admin.request("PUT", "/api/admin/profile", { name: "", email: "", username: "Other" });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({
      error: "This username is already taken",
      code: "username_taken",
      fieldCodes: { username: { code: "username_taken" } },
    });
  });

  it("checks the password rules in the spec's order", async () => {
    store = await createTestStore({ env: ADMIN_ENV });
    const admin = await signIn(store);
    const cases: [Record<string, string>, string][] = [
      [{ currentPassword: "wrong", newPassword: "abc", confirmPassword: "abd" }, "Passwords do not match"],
      [
        { currentPassword: "wrong", newPassword: "abcdefghijk", confirmPassword: "abcdefghijk" },
        "Password must be at least 12 characters",
      ],
      [{ currentPassword: "wrong", newPassword: "Qwerty123456" }, "This password is too common"],
      [{ currentPassword: "wrong", newPassword: "abcdefghijkl" }, "Current password is incorrect"],
    ];
    for (const [body, error] of cases) {
      const res = await admin.request("PUT", "/api/admin/password", body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toContain(error);
    }
    // The right current password with a refused new one changes nothing.
    const common = await admin.request("PUT", "/api/admin/password", {
      currentPassword: TEST_ADMIN.password,
      newPassword: "password1234",
    });
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject({
      code: "password_too_common",
      fieldCodes: { newPassword: { code: "password_too_common" } },
    });
    expect((await login(store, TEST_ADMIN)).status).toBe(200);
    expect((await login(store, { username: "admin", password: "password1234" })).status).toBe(401);
  });

  it("throttles the current-password check: after a few wrong tries even the right one waits", async () => {
    store = await createTestStore({ env: ADMIN_ENV });
    const app = withStoppedClock(store);
    const admin = await signIn({ ...store, app });
    const change = (currentPassword: string) =>
      admin.request("PUT", "/api/admin/password", { currentPassword, newPassword: "new-password" });
    for (let i = 0; i < FREE_FAILURES; i++) expect((await change(`wrong-${i}`)).status).toBe(400);
    for (const password of ["wrong-again", TEST_ADMIN.password]) {
      const res = await change(password);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(await res.json()).toMatchObject({ error: TOO_MANY_PASSWORD_ATTEMPTS, code: "rate_limited" });
    }
    // Sign-in is a separate count: the admin can still sign in.
    expect((await login(store, TEST_ADMIN)).status).toBe(200);
  });

  it("changes the password and ends the admin's other sessions", async () => {
    store = await createTestStore({ env: ADMIN_ENV });
    const current = await signIn(store);
    const other = await signIn(store);
    const res = await current.request("PUT", "/api/admin/password", {
      currentPassword: TEST_ADMIN.password,
      newPassword: "new-password",
      confirmPassword: "new-password",
    });
    expect(res.status).toBe(200);
    expect((await current.request("GET", "/api/admin/session")).status).toBe(200);
    expect((await other.request("GET", "/api/admin/session")).status).toBe(401);
    expect((await login(store, TEST_ADMIN)).status).toBe(401);
    expect((await login(store, { username: "admin", password: "new-password" })).status).toBe(200);
  });
});
