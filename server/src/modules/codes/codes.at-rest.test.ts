/** No code in clear (docs/decisions.md D10): after codes are imported, sold, mailed (dev mailbox), replaced and
 * exported, none of them — nor the private order token — is in the SQLite file and its WAL, or in a pg_dump of the
 * PostgreSQL database, or in the logs, or in any answer but the private order page and the admin's export. */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { checkoutResponseSchema } from "@store/shared/schemas/checkout";
import { adminOrderDetailSchema } from "@store/shared/schemas/orders";
import { buildServices } from "../../app.ts";
import { secureRandomBytes } from "../../lib/random.ts";
import { ADMIN_ENV, signIn, type AdminClient } from "../../test/admin-session.ts";
import { checkoutBody } from "../../test/checkout-request.ts";
import { createTestStore, jsonRequest, type TestStore } from "../../test/harness.ts";

const run = promisify(execFile);
const PRODUCT = "xbox-15-us";

let store: TestStore;
let admin: AdminClient;
const logged: string[] = [];

beforeAll(async () => {
  for (const level of ["log", "info", "warn", "error", "debug"] as const)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack ?? ""}` : String(a))).join(" "));
    });
  store = await createTestStore({ seed: true, env: ADMIN_ENV });
  admin = await signIn(store);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await store.close();
});

/** The database as it is on disk: the SQLite file and its WAL, or a pg_dump of the PostgreSQL database. */
async function databaseBytes(): Promise<Buffer> {
  const target = store.config.database;
  if (target.engine === "postgres") {
    const { stdout } = await run("pg_dump", ["--no-owner", "--data-only", target.url], {
      maxBuffer: 256 * 1024 * 1024,
      encoding: "buffer",
    });
    return stdout;
  }
  const parts = [target.file, `${target.file}-wal`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f));
  return Buffer.concat(parts);
}

describe("codes at rest", () => {
  it("keeps every code and the private token out of the database, the logs and the answers", async () => {
    const codes = Array.from({ length: 6 }, (_, i) => `XB${i}-${secureRandomBytes(8).toString("hex").toUpperCase()}`);
    const answers: string[] = [];
    const call = async (res: Response | Promise<Response>) => {
      const r = await res;
      answers.push(await r.clone().text());
      return r;
    };
    await call(admin.request("PUT", `/api/admin/products/${PRODUCT}`, { deliveryMode: "automatic" }));
    await call(admin.request("POST", `/api/admin/products/${PRODUCT}/codes/import`, { text: codes.join("\n") }));
    // A duplicate line is refused by line number, never echoed.
    await call(admin.request("POST", `/api/admin/products/${PRODUCT}/codes/import`, { text: codes[0] }));

    const placed = checkoutResponseSchema.parse(
      await (
        await call(
          store.app.request(
            "/api/checkout",
            jsonRequest("POST", checkoutBody({ items: [{ id: PRODUCT, qty: 2 }] }), { "Idempotency-Key": "at-rest-1" }),
          ),
        )
      ).json(),
    );
    const token = placed.orderUrl.split("/orders/")[1] ?? "";
    expect(token).toHaveLength(22);
    // The private link is in the checkout's own answer (to its client); it is kept out of everything else.
    answers.pop();
    const paid = adminOrderDetailSchema.parse(
      await (await call(admin.request("POST", `/api/admin/orders/${placed.panierCode}/mark-paid`))).json(),
    );
    expect(paid.status).toBe("delivered");
    await store.services.mailWorker.runOnce(Date.now() + 1);
    const sold = paid.codes[0]?.id ?? "";
    await call(admin.request("POST", `/api/admin/orders/${placed.panierCode}/replace-code`, { codeId: sold }));
    await call(admin.request("POST", `/api/admin/orders/${placed.panierCode}/resend-delivery`));
    await store.services.mailWorker.runOnce(Date.now() + 1);
    await call(admin.request("POST", `/api/admin/products/${PRODUCT}/codes/revoke`, { code: codes[5] }));

    for (const path of [
      `/api/admin/products/${PRODUCT}/stock`,
      `/api/admin/products/${PRODUCT}/codes`,
      `/api/admin/products/${PRODUCT}`,
      `/api/admin/orders/${placed.panierCode}`,
      "/api/admin/orders?limit=100",
      "/api/admin/stock/alerts",
      "/api/admin/mailbox?limit=100",
    ])
      await call(admin.request("GET", path));
    await call(store.app.request("/api/sync?since=0"));
    await call(store.app.request(`/api/orders/${placed.panierCode}`));
    const mailbox = (await (await admin.request("GET", "/api/admin/mailbox?limit=100")).json()) as { id: number }[];

    // Where codes are meant to be: the private page, the admin's export, and (opened) the mailbox.
    const page = await (await store.app.request(`/api/orders/private/${token}`)).text();
    const delivered = codes.filter((c) => page.includes(c));
    expect(delivered).toHaveLength(2);
    const exported = await (await admin.request("GET", `/api/admin/products/${PRODUCT}/codes.csv`)).text();
    expect(codes.filter((c) => exported.includes(c))).toEqual([codes[3], codes[4]]);
    const opened = await Promise.all(
      mailbox.map(async (m) => (await admin.request("GET", `/api/admin/mailbox/${m.id}`)).text()),
    );
    expect(codes.filter((c) => opened.some((m) => m.includes(c)))).toHaveLength(3);
    expect(opened.some((m) => m.includes(token))).toBe(true);

    const disk = await databaseBytes();
    expect(disk.length).toBeGreaterThan(10_000);
    const secrets = [...codes, token];
    expect(secrets.filter((s) => disk.includes(s))).toEqual([]);
    expect(secrets.filter((s) => answers.some((a) => a.includes(s)))).toEqual([]);
    expect(secrets.filter((s) => logged.some((l) => l.includes(s)))).toEqual([]);
  });
});

describe("the key codes are sealed with", () => {
  const key = () => secureRandomBytes(32).toString("hex");

  it("refuses an instance whose key is not the one the database's codes are sealed with", async () => {
    const first = key();
    const store = await createTestStore({ env: { CODES_KEY: first } });
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-peer-"));
    try {
      const instance = (config: Partial<typeof store.config>) =>
        buildServices({ config: { ...store.config, ...config }, data: store.data }).codes.checkKey();
      // The same key, as every instance on one database must have: accepted, again and again.
      await expect(instance({ codesKey: first })).resolves.toBeUndefined();
      // Another key, or none (a key file of its own in its own data directory): refused before it seals anything.
      await expect(instance({ codesKey: key() })).rejects.toThrow(/not the key this database's codes are sealed with/);
      await expect(instance({ codesKey: undefined, dataDir: otherDir })).rejects.toThrow(/same CODES_KEY/);
      const settings = await store.query((db, t) => db.select().from(t.settings));
      const check = settings.filter((s) => s.key === "sealingKeyCheck");
      expect(check).toHaveLength(1);
      // It proves the key without holding anything secret, and no shopper's sync sees it.
      expect(check[0]?.value).not.toContain(first);
      expect(check[0]?.rev).toBe(0);
    } finally {
      fs.rmSync(otherDir, { recursive: true, force: true });
      await store.close();
    }
  });
});
