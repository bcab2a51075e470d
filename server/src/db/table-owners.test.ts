/** One writer per table: each table of the schema is written (inserted into, updated, deleted from) by one repo, its
 * owner, and any other module that changes it asks the owner. This test reads the server's sources and fails when a
 * file other than the owner writes a table, with drizzle (`.insert(table)`, `.update(table)`, `.delete(table)`, the
 * table named, taken from `tx.t` or renamed in a destructuring), through the shared write helpers that take the table
 * (`insertOnce`, `updateAtVersion`) or pick it from the transaction's tables (`versionedRowWrites((t) => t.banners)`),
 * or in raw SQL (`insert into`, `update`, `delete from` naming the table or interpolating it); and when a table of the
 * schema has no owner here. */
import fs from "node:fs";
import path from "node:path";
import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "./schema/index.ts";

/** A table's owner, a path under server/src; or, where a table truly has more than one writer, each file and why. */
type Owner = string | { files: string[]; why: string };

const ORDERS = "modules/orders/orders.repo.ts";
const CATALOG = "modules/catalog/catalog.repo.ts";
const CATALOG_VERSIONS = "modules/catalog/catalog-versions.repo.ts";

/** Every table of the schema (by its name in schema/index.ts) and the file that writes it. */
const OWNERS: Record<string, Owner> = {
  admins: "modules/admin-auth/admin-auth.repo.ts",
  adminSessions: "modules/admin-auth/admin-auth.repo.ts",
  loginThrottle: "modules/admin-auth/admin-auth.repo.ts",
  operatorAlerts: "modules/operator-alerts/alerts.repo.ts",
  operatorAlertDigests: "modules/operator-alerts/alerts.repo.ts",
  // Products and their variants are written by the store's flows as well as the console (sales counted on payment,
  // in_stock derived from the codes), which all hold the CatalogRepo; categories only by the console.
  products: CATALOG,
  variants: CATALOG,
  categories: "modules/catalog/catalog.admin.repo.ts",
  // The catalog's version and deletions: whatever stamps a catalog change asks CatalogVersions.
  catalogState: CATALOG_VERSIONS,
  catalogDeletions: CATALOG_VERSIONS,
  banners: "modules/banners/banners.repo.ts",
  settings: "modules/settings/settings.repo.ts",
  codes: "modules/codes/codes.repo.ts",
  orders: ORDERS,
  orderLines: ORDERS,
  orderEvents: ORDERS,
  orderTotals: ORDERS,
  productSalesDays: ORDERS,
  promos: "modules/promos/promos.repo.ts",
  idempotencyKeys: "modules/idempotency/idempotency.repo.ts",
  newsletterSubscribers: "modules/newsletter/newsletter.repo.ts",
  rateLimits: "modules/rate-limits/rate-limits.repo.ts",
  limitRefusals: "modules/rate-limits/rate-limits.repo.ts",
  blockList: "modules/block-list/block-list.repo.ts",
  blockListState: "modules/block-list/block-list.repo.ts",
  blockedAttempts: "modules/block-list/block-list.repo.ts",
  mailOutbox: "modules/mail/mail.repo.ts",
  devMailbox: "modules/mail/mail.repo.ts",
  paymentEvents: "modules/payments/payments.repo.ts",
  unmatchedPayments: "modules/payments/payments.repo.ts",
  stockRequests: "modules/stock-requests/stock-requests.repo.ts",
  uploads: "modules/uploads/uploads.repo.ts",
};

const SRC = path.resolve(import.meta.dirname, "..");

/** The tables of the schema: their name in the code and in SQL. */
const TABLES = Object.entries(schema).flatMap(([name, value]) =>
  is(value, PgTable) ? [{ name, sql: getTableConfig(value).name }] : [],
);

const ownersOf = (owner: Owner): string[] => (typeof owner === "string" ? [owner] : owner.files);

/** The files that may write: every source file of the server but tests, and the test harness, which writes rows
 * behind the app's back to set up what a test needs. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join(SRC, "test") ? [] : sources(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

/** The tables a source writes, by their name in the code. */
function tablesWritten(text: string): Set<string> {
  const byCodeName = new Map(TABLES.map((t) => [t.name, t.name]));
  const bySqlName = new Map(TABLES.map((t) => [t.sql, t.name]));
  // A table renamed where it is taken: `const { operatorAlertDigests: g } = tx.t`, `(db, { rateLimits: r }) =>`.
  for (const [, name, alias] of text.matchAll(/\b(\w+)\s*:\s*(\w+)\s*[,}]/g))
    if (name && alias && TABLES.some((t) => t.name === name)) byCodeName.set(alias, name);
  const written = new Set<string>();
  const add = (table: string | undefined) => table !== undefined && written.add(table);
  // drizzle: `.insert(orders)`, `.update(tx.t.orders)`, `.delete(t.orders)`; the last name is the table.
  for (const [, ref] of text.matchAll(/\.(?:insert|update|delete)\(\s*(?:[\w$]+\.)*([\w$]+)\s*[,)]/g))
    add(ref === undefined ? undefined : byCodeName.get(ref));
  // The shared write helpers, given the table: `insertOnce(tx.db, paymentEvents, ...)`, `updateAtVersion(tx, t.banners, ...)`.
  for (const [, ref] of text.matchAll(/\b(?:insertOnce|updateAtVersion)\(\s*[\w$.]+\s*,\s*(?:[\w$]+\.)*([\w$]+)\s*,/g))
    add(ref === undefined ? undefined : byCodeName.get(ref));
  // The helper that gives a versioned table's writes, given what picks the table: `versionedRowWrites((t) => t.banners)`.
  for (const [, ref] of text.matchAll(/\bversionedRowWrites\(\s*\(?\s*[\w$]+\s*\)?\s*=>\s*(?:[\w$]+\.)*([\w$]+)\s*\)/g))
    add(ref === undefined ? undefined : byCodeName.get(ref));
  // Raw SQL naming the table, quoted or not, or interpolating it: `update ${codes} set`.
  for (const [, quoted, interpolated, bare] of text.matchAll(
    /\b(?:insert\s+into|update|delete\s+from)\s+(?:"(\w+)"|\$\{\s*(?:[\w$]+\.)*([\w$]+)\s*\}|(\w+))/gi,
  )) {
    if (interpolated !== undefined) add(byCodeName.get(interpolated));
    else add(bySqlName.get(quoted ?? bare ?? ""));
  }
  return written;
}

describe("table owners", () => {
  it("names an owner for every table of the schema, and only for tables", () => {
    expect(Object.keys(OWNERS).sort()).toEqual(TABLES.map((t) => t.name).sort());
    for (const owner of Object.values(OWNERS).flatMap(ownersOf))
      expect(fs.existsSync(path.join(SRC, owner)), `${owner} exists`).toBe(true);
  });

  it("finds writes in both forms", () => {
    const written = tablesWritten(
      [
        "const { operatorAlertDigests: g } = tx.t; await tx.db.update(g).set({});",
        "await tx.db.insert(tx.t.orders).values(row);",
        'await c.query("DELETE FROM promos WHERE code = $1");',
        "sql`update ${codes} set status = 'sold'`;",
        "this.inflight.delete(work); // an UPDATE waits for the row",
        "const { stockRequests: r } = tx.t; return insertOnce(tx.db, r, row, [r.email]);",
        "return updateAtVersion(tx, tx.t.banners, id, version, set);",
        "const writes = versionedRowWrites((t) => t.categories);",
      ].join("\n"),
    );
    expect([...written].sort()).toEqual([
      "banners",
      "categories",
      "codes",
      "operatorAlertDigests",
      "orders",
      "promos",
      "stockRequests",
    ]);
  });

  it("has each table written by its owner only", () => {
    const strays: string[] = [];
    for (const file of sources(SRC)) {
      const relative = path.relative(SRC, file).split(path.sep).join("/");
      for (const table of tablesWritten(fs.readFileSync(file, "utf8"))) {
        const owner = OWNERS[table];
        if (owner && !ownersOf(owner).includes(relative)) strays.push(`${relative} writes ${table}`);
      }
    }
    expect(strays).toEqual([]);
  });
});
