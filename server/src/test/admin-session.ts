/** Signs in through the API and builds headers for admin calls (cookie + CSRF token). */
import { afterEach, beforeEach } from "vitest";
import { createTestStore, type TestStore } from "./harness.ts";

export const TEST_ADMIN = { username: "admin", password: "correct horse battery" };
export const ADMIN_ENV = { ADMIN_USERNAME: TEST_ADMIN.username, ADMIN_PASSWORD: TEST_ADMIN.password };

export interface AdminClient {
  cookie: string;
  csrfToken: string;
  /** Headers for a JSON call with the session and the CSRF token. */
  headers(extra?: Record<string, string>): Record<string, string>;
  request(method: string, path: string, body?: unknown, extra?: Record<string, string>): Promise<Response>;
}

/** The `name=value` part of a Set-Cookie header. */
export function cookiePair(setCookie: string | null): string {
  return (setCookie ?? "").split(";")[0] ?? "";
}

export async function signIn(store: TestStore, credentials = TEST_ADMIN): Promise<AdminClient> {
  const res = await store.app.request("/api/admin/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(credentials),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  const cookie = cookiePair(res.headers.get("Set-Cookie"));
  const headers = (extra: Record<string, string> = {}) => ({
    "Content-Type": "application/json",
    Cookie: cookie,
    "X-CSRF-Token": csrfToken,
    ...extra,
  });
  return {
    cookie,
    csrfToken,
    headers,
    request: (method, path, body, extra) =>
      Promise.resolve(
        store.app.request(path, {
          method,
          headers: headers(extra),
          ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
        }),
      ),
  };
}

/** A fresh store (seeded unless `seed` is false) with its first admin signed in, as the admin API tests start;
 * `env` adds to the admin's settings. */
export async function openAdminStore({
  seed = true,
  env = {},
}: { seed?: boolean; env?: Record<string, string> } = {}): Promise<{ store: TestStore; admin: AdminClient }> {
  const store = await createTestStore({ seed, env: { ...ADMIN_ENV, ...env } });
  try {
    return { store, admin: await signIn(store) };
  } catch (err) {
    await store.close();
    throw err;
  }
}

/** For a describe block (or file) whose every test starts from openAdminStore: opens one before each test and
 * hands it to `use` (to set the block's variables), closes it after. */
export function adminStoreForEachTest(use: (opened: { store: TestStore; admin: AdminClient }) => void): void {
  let store: TestStore | undefined;
  beforeEach(async () => {
    const opened = await openAdminStore();
    store = opened.store;
    use(opened);
  });
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });
}
