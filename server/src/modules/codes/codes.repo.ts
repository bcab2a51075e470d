/** Every query on codes as stock (docs/decisions.md D10); each method takes the transaction it runs in. Codes are
 * only ever handled sealed here. Exports: CodesRepo with existingHashes, insertMany, reserve, releaseForOrder,
 * sellReservedForOrder, attachSold, forOrder, countsFor, availableFor, list, revokeAvailable, revokeForOrder, unsold,
 * availabilityUpToThreshold (the dashboard's low and empty stock), and stockStates (what the derived in_stock of
 * automatic products is made from; CatalogRepo.applyStockStates writes it). */
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, min, or, sql, type SQL } from "drizzle-orm";
import type { CodeStatus, StockCounts } from "@store/shared/schemas/stock";
import type { Db, Tables, Tx } from "../../db/data.ts";
import {
  numbered,
  numberedPlaceholders,
  placeholders,
  prepared,
  preparedPerCount,
  preparedPgSql,
} from "../../db/prepared.ts";
import type { codes } from "../../db/schema/index.ts";

export type CodeRow = typeof codes.$inferSelect;
type NewCode = typeof codes.$inferInsert;

import type { StockState } from "../catalog/catalog.repo.ts";
import type { DemoRange } from "../settings/settings.repo.ts";

/** What stock moves need of a product: how it is delivered, its platform and title, and where its stock is low. */
export interface ProductInfo {
  deliveryMode: "automatic" | "manual";
  platform: string;
  title: string;
  lowStockThreshold: number;
}

/** Values per IN (...) list. */
const IN_CHUNK = 500;
/** Rounds of a reservation before giving up (each one sees the commits of the previous ones). */
const RESERVE_ROUNDS = 12;

const CODE_COLUMNS = ["id", "productId", "variantId", "sealed", "hash", "status", "createdAt", "updatedAt"] as const;
export type NewCodeValues = { [K in (typeof CODE_COLUMNS)[number]]: NonNullable<NewCode[K]> | null };
/** Rows per prepared multi-row INSERT. */
const INSERT_CHUNK = 100;
/** Named placeholders for `rows` rows: id_0, productId_0, ..., id_1, ... */
function rowPlaceholders(rows: number) {
  return Array.from({ length: rows }, (_, i) => placeholders(CODE_COLUMNS, i));
}
/** Inserts, prepared once per connection (an import runs them hundreds of times in one transaction; building a
 * multi-row INSERT per batch cost more than the rows themselves): a full chunk, and one row for the rest. */
const insertChunkStmt = prepared("codes_insert_chunk", (db, { codes }) =>
  db
    .insert(codes)
    .values(rowPlaceholders(INSERT_CHUNK))
    .onConflictDoNothing({ target: [codes.productId, codes.hash] })
    .returning({ hash: codes.hash }),
);
const insertOneStmt = prepared("codes_insert_one", (db, { codes }) =>
  db
    .insert(codes)
    .values(placeholders(CODE_COLUMNS))
    .onConflictDoNothing({ target: [codes.productId, codes.hash] })
    .returning({ hash: codes.hash }),
);

/** The reservation's statements, prepared once per connection (checkout runs them on every automatic line): for
 * a product's own codes (variantId null) and for a variant's. */
type VariantKind = "product" | "variant";
function availableWhere(t: Tables, kind: VariantKind): SQL | undefined {
  const { codes } = t;
  return and(
    eq(codes.productId, sql.placeholder("productId")),
    kind === "product" ? isNull(codes.variantId) : eq(codes.variantId, sql.placeholder("variantId")),
    eq(codes.status, "available"),
  );
}
/** PostgreSQL: the order line codes are reserved for: `lineId` when given, else the order's line of that product
 * (and option), so a reservation can leave in the same round trip as the INSERT of the lines (checkout merges an
 * order's lines by product and option: there is one). SQLite looks the line up on its own (reserveStmt). */
function orderLineOf(
  t: Tables,
  kind: VariantKind,
  lineId: unknown,
  orderId: unknown,
  of: { productId: unknown; variantId: unknown },
): SQL {
  const { orderLines } = t;
  const option = kind === "product" ? sql`is null` : sql`= ${of.variantId}`;
  return sql`coalesce(cast(${lineId} as integer), (select min(${orderLines.id}) from ${orderLines}
    where ${orderLines.orderId} = ${orderId} and ${orderLines.productId} = ${of.productId}
    and ${orderLines.variantId} ${option}))`;
}
/**
 * First in, first out: a line's available codes in id order, spelled as the whole key of codes_stock_idx (product,
 * status, option, id). Within one line's codes the first three are one value each, so the order is the ids'; spelled
 * so, PostgreSQL reads the index in order and stops at the LIMIT. Ordered by id alone, it cannot tell that `variant_id
 * is null` (a product's own codes) fixes the option, as an equality would, and sorts every available code of the
 * product for each reservation.
 */
export function stockOrder(codes: Tables["codes"]): SQL[] {
  return [asc(codes.productId), asc(codes.status), asc(codes.variantId), asc(codes.id)];
}
/** PostgreSQL: a line's first `n` available codes (stockOrder()), the reservation's candidates; each of its
 * statements adds its own lock to them. */
function candidates(db: Db, t: Tables, kind: VariantKind) {
  return db
    .select({ id: t.codes.id })
    .from(t.codes)
    .where(availableWhere(t, kind))
    .orderBy(...stockOrder(t.codes))
    .limit(sql.placeholder("n"));
}
/** Whether any code of the line is left, held by others or not. */
function pickStmt(kind: VariantKind) {
  return prepared(`codes_pick_${kind}`, (db, t) => candidates(db, t, kind));
}
/** Waits until the transaction holding the line's first available code ends (reserve()). */
function waitStmt(kind: VariantKind) {
  return prepared(`codes_wait_${kind}`, (db, t) => candidates(db, t, kind).for("update"));
}
const pickStmts = { product: pickStmt("product"), variant: pickStmt("variant") };
const waitStmts = { product: waitStmt("product"), variant: waitStmt("variant") };
/** SQLite only (one writer at a time): picks and takes the codes in one statement. The codes come in id order (first
 * in, first out) from codes_stock_idx, named so no other path can be taken. It has no ORDER BY and its LIMIT is an
 * expression, not a bare placeholder: either makes SQLite compile the bound values into the plan, and better-sqlite3
 * clears a statement's bindings after each run, so the statement was compiled again on every reservation (most of
 * a reservation's time in the checkout bench, docs/benchmarks.md). The order line is a bound id, never a subquery:
 * any subquery in the SET costs SQLite's UPDATE its one-pass plan, several times the rest of the statement, where
 * looking the line up first (lineOfStmts) is a separate lookup on the same connection, with no round trip. */
function reserveStmt(kind: VariantKind) {
  return prepared(`codes_reserve_${kind}`, (db, t) =>
    db
      .update(t.codes)
      .set({
        status: "reserved",
        orderId: sql`${sql.placeholder("orderId")}`,
        orderLineId: sql`${sql.placeholder("orderLineId")}`,
        reservedAt: sql`${sql.placeholder("now")}`,
        updatedAt: sql`${sql.placeholder("now")}`,
      })
      .where(
        sql`${t.codes.id} in (select ${t.codes.id} from ${t.codes} indexed by codes_stock_idx where ${availableWhere(t, kind)} limit ${sql.placeholder("n")} + 0)`,
      )
      .returning({ id: t.codes.id }),
  );
}
/** PostgreSQL: takes up to n of a line's available codes that no other transaction holds, without waiting (takeFree()).
 * The candidates are locked in a MATERIALIZED CTE, run once (as a subquery of the UPDATE, PostgreSQL may run it again
 * per row and take more than n), then taken. */
function takeFreeStmt(kind: VariantKind) {
  return preparedPgSql<{ id: string }>(`codes_take_free_${kind}`, (db, t) => {
    const { codes } = t;
    const set = (column: { name: string }, value: unknown) => sql`${sql.identifier(column.name)} = ${value}`;
    const reservedFor = sql.join(
      [
        set(codes.status, "reserved"),
        set(codes.orderId, sql.placeholder("orderId")),
        set(
          codes.orderLineId,
          orderLineOf(t, kind, sql.placeholder("orderLineId"), sql.placeholder("orderId"), {
            productId: sql.placeholder("productId"),
            variantId: sql.placeholder("variantId"),
          }),
        ),
        set(codes.reservedAt, sql.placeholder("now")),
        set(codes.updatedAt, sql.placeholder("now")),
      ],
      sql`, `,
    );
    const free = candidates(db, t, kind).for("update", { skipLocked: true });
    return sql`with picked as materialized (${free}) update ${codes} set ${reservedFor} from picked
      where ${codes.id} = picked.id and ${codes.status} = 'available' returning ${codes.id}`;
  });
}
const takeFreeStmts = { product: takeFreeStmt("product"), variant: takeFreeStmt("variant") };
/** SQLite only: the order's line of a product and option (orderLineOf()'s lookup, on its own). */
function lineOfStmt(kind: VariantKind) {
  return prepared(
    `codes_line_of_${kind}`,
    (db, { orderLines }) =>
      db
        .select({ id: orderLines.id })
        .from(orderLines)
        .where(
          and(
            eq(orderLines.orderId, sql.placeholder("orderId")),
            eq(orderLines.productId, sql.placeholder("productId")),
            kind === "product" ? isNull(orderLines.variantId) : eq(orderLines.variantId, sql.placeholder("variantId")),
          ),
        ),
    // Neither ORDER BY nor LIMIT: checkout merges an order's lines by product and option, so there is one; sorting
    // would cost SQLite a temporary table on every reservation, and a LIMIT a compilation (refuseBareLimit()).
  );
}
const lineOfStmts = { product: lineOfStmt("product"), variant: lineOfStmt("variant") };
const reserveStmts = { product: reserveStmt("product"), variant: reserveStmt("variant") };
/** Products' delivery mode and in_stock, and whether each has a code available (EXISTS stops at the first one):
 * what keeping automatic products' in_stock right needs, in one statement whatever their number (it runs after
 * every reservation). */
const stockStateStmt = preparedPerCount("codes_stock_state", (db, { products, codes }, n) => {
  // Named in full: drizzle writes a select's own columns unqualified, and a bare "id" here would be the code's.
  const codeOf = sql`${codes}.${sql.identifier(codes.productId.name)} = ${products}.${sql.identifier(products.id.name)}`;
  const available = sql`${codes}.${sql.identifier(codes.status.name)} = 'available'`;
  return (
    db
      .select({
        id: products.id,
        inStock: products.inStock,
        mode: products.deliveryMode,
        hasAvailable: sql<boolean>`exists (select 1 from ${codes} where ${codeOf} and ${available})`.mapWith(Boolean),
      })
      .from(products)
      .where(inArray(products.id, numberedPlaceholders("id", n)))
      // Updated in this order: the same in every transaction.
      .orderBy(products.id)
  );
});

/** Codes wanted for one order line. */
export interface CodesToReserve {
  productId: string;
  variantId: string | null;
  orderId: string;
  /** The order line; null: the order's line of this product and option (see orderLineOf). */
  orderLineId: number | null;
  qty: number;
  now: number;
}

export function emptyCounts(): StockCounts {
  return { available: 0, reserved: 0, sold: 0, revoked: 0 };
}

export class CodesRepo {
  /** `engine` selects the PostgreSQL row locks of reserve() (SQLite has one writer at a time). */
  constructor(private readonly engine: "sqlite" | "postgres") {}

  private variantIs(tx: Tx, variantId: string | null): SQL {
    const { codes } = tx.t;
    return variantId === null ? isNull(codes.variantId) : eq(codes.variantId, variantId);
  }

  /** Which of these hashes the product already holds (any status). */
  async existingHashes(tx: Tx, productId: string, hashes: string[]): Promise<Set<string>> {
    const { codes } = tx.t;
    const out = new Set<string>();
    for (let i = 0; i < hashes.length; i += IN_CHUNK) {
      const rows = await tx.db
        .select({ hash: codes.hash })
        .from(codes)
        .where(and(eq(codes.productId, productId), inArray(codes.hash, hashes.slice(i, i + IN_CHUNK))));
      for (const r of rows) out.add(r.hash);
    }
    return out;
  }

  /** Inserts codes in the caller's transaction; a hash that meanwhile arrived (a concurrent import) is skipped.
   * Returns the hashes inserted. */
  async insertMany(tx: Tx, rows: readonly NewCodeValues[]): Promise<Set<string>> {
    const inserted = new Set<string>();
    let i = 0;
    for (; i + INSERT_CHUNK <= rows.length; i += INSERT_CHUNK) {
      const params: Record<string, unknown> = {};
      for (let r = 0; r < INSERT_CHUNK; r++) {
        const row = rows[i + r];
        if (row) for (const c of CODE_COLUMNS) params[`${c}_${r}`] = row[c];
      }
      for (const r of await insertChunkStmt(tx).execute(params)) inserted.add(r.hash);
    }
    for (; i < rows.length; i++) {
      const row = rows[i];
      if (row) for (const r of await insertOneStmt(tx).execute(row)) inserted.add(r.hash);
    }
    return inserted;
  }

  /**
   * Reserves up to `qty` available codes of a product (and variant) for an order line; returns how many it got.
   * The candidates are read, then taken by a conditional UPDATE (status must still be 'available'), so no code goes to
   * two orders. On PostgreSQL the candidates are locked, skipping rows other transactions hold (SKIP LOCKED); when
   * every remaining row is held by others, it waits for one of them and looks again, so a code freed by a
   * rolled-back checkout is not refused as out of stock. Before it waits it gives back the codes of this line it
   * took (rolling back to a savepoint taken before them): two checkouts that each took some of a product's last
   * codes would otherwise wait for each other's, a deadlock PostgreSQL ends by failing one of them. With the lines
   * reserved in product order (StockKeeper), no checkout waits for codes while holding some of the same product,
   * so no wait closes a circle.
   */
  async reserve(tx: Tx, r: CodesToReserve): Promise<number> {
    if (this.engine === "sqlite") return this.takeFree(tx, r);
    const kind: VariantKind = r.variantId === null ? "product" : "variant";
    await tx.db.execute(sql`savepoint reserve_line`);
    let got = 0;
    for (let round = 0; got < r.qty && round < RESERVE_ROUNDS; round++) {
      const taken = await this.takeFree(tx, { ...r, qty: r.qty - got });
      if (taken > 0) {
        got += taken;
        continue;
      }
      // Nothing free to take: either none is left, or others hold the rest (PostgreSQL only): wait for one of them.
      if (
        (await pickStmts[kind](tx).execute({ productId: r.productId, variantId: r.variantId ?? "", n: 1 })).length === 0
      )
        break;
      if (got > 0) {
        await tx.db.execute(sql`rollback to savepoint reserve_line`);
        got = 0;
      }
      await waitStmts[kind](tx).execute({ productId: r.productId, variantId: r.variantId ?? "", n: 1 });
    }
    return got;
  }

  /**
   * Reserves up to `qty` codes of the line that no other transaction holds, without waiting; returns how many it
   * took. SQLite has one writer at a time: nothing can take the picked codes between the pick and the update, and
   * this is the whole reservation. On PostgreSQL the statement is sent when this is called (statements started in
   * one turn leave in one write, db/postgres.ts), and `savepoint` names a savepoint sent just before it, so that a
   * caller that sent several lines can give back one of them and those after it (rollbackTo()).
   */
  takeFree(tx: Tx, r: CodesToReserve, savepoint?: string): Promise<number> {
    const kind: VariantKind = r.variantId === null ? "product" : "variant";
    if (this.engine === "sqlite") return this.takeFreeOnSqlite(tx, kind, r);
    const opened = savepoint === undefined ? undefined : tx.db.execute(sql.raw(`savepoint ${savepoint}`)).then(() => 0);
    const taken = takeFreeStmts[kind](tx)
      .execute({
        productId: r.productId,
        variantId: r.variantId ?? "",
        n: r.qty,
        orderId: r.orderId,
        orderLineId: r.orderLineId,
        now: r.now,
      })
      .then((result) => result.rows.length);
    return opened ? Promise.all([opened, taken]).then(([, n]) => n) : taken;
  }

  private async takeFreeOnSqlite(tx: Tx, kind: VariantKind, r: CodesToReserve): Promise<number> {
    const variantId = r.variantId ?? "";
    let orderLineId = r.orderLineId;
    if (orderLineId === null) {
      const [line] = await lineOfStmts[kind](tx).execute({ orderId: r.orderId, productId: r.productId, variantId });
      orderLineId = line?.id ?? null;
    }
    const taken = await reserveStmts[kind](tx).execute({
      productId: r.productId,
      variantId,
      n: r.qty,
      orderId: r.orderId,
      orderLineId,
      now: r.now,
    });
    return taken.length;
  }

  /** Gives back what was reserved since the savepoint (PostgreSQL; takeFree()). */
  async rollbackTo(tx: Tx, savepoint: string): Promise<void> {
    await tx.db.execute(sql.raw(`rollback to savepoint ${savepoint}`));
  }

  /** Whether a reservation that took fewer codes than asked may get more by waiting: on PostgreSQL other
   * transactions may hold the rest, and give them back when they roll back. */
  get othersMayHoldCodes(): boolean {
    return this.engine === "postgres";
  }

  /** Puts an order's reserved codes back in stock; returns the products concerned. */
  async releaseForOrder(tx: Tx, orderId: string, now: number): Promise<string[]> {
    const { codes } = tx.t;
    const rows = await tx.db
      .update(codes)
      .set({ status: "available", orderId: null, orderLineId: null, reservedAt: null, updatedAt: now })
      .where(and(eq(codes.orderId, orderId), eq(codes.status, "reserved")))
      .returning({ productId: codes.productId });
    return [...new Set(rows.map((r) => r.productId))];
  }

  /** Codes just stored sold (typed by the operator for a manual line) join their order and line. */
  async attachSold(tx: Tx, ids: readonly string[], to: { orderId: string; orderLineId: number; now: number }) {
    const { codes } = tx.t;
    for (let i = 0; i < ids.length; i += IN_CHUNK) {
      await tx.db
        .update(codes)
        .set({ orderId: to.orderId, orderLineId: to.orderLineId, soldAt: to.now, updatedAt: to.now })
        .where(and(inArray(codes.id, ids.slice(i, i + IN_CHUNK)), eq(codes.status, "sold")));
    }
  }

  /** Reserved codes of an order become sold. */
  async sellReservedForOrder(tx: Tx, orderId: string, now: number): Promise<number> {
    const { codes } = tx.t;
    const rows = await tx.db
      .update(codes)
      .set({ status: "sold", soldAt: now, updatedAt: now })
      .where(and(eq(codes.orderId, orderId), eq(codes.status, "reserved")))
      .returning({ id: codes.id });
    return rows.length;
  }

  /** Every code an order holds (reserved, sold, revoked), oldest first. */
  async forOrder(tx: Tx, orderId: string): Promise<CodeRow[]> {
    const { codes } = tx.t;
    return tx.db.select().from(codes).where(eq(codes.orderId, orderId)).orderBy(asc(codes.id));
  }

  async byId(tx: Tx, id: string): Promise<CodeRow | undefined> {
    const { codes } = tx.t;
    return (await tx.db.select().from(codes).where(eq(codes.id, id)))[0];
  }

  /** Sets one code's status (a replaced code is revoked; it keeps its order for the record). */
  async setStatus(tx: Tx, id: string, from: CodeStatus, to: CodeStatus, now: number): Promise<boolean> {
    const { codes } = tx.t;
    const rows = await tx.db
      .update(codes)
      .set({ status: to, updatedAt: now, ...(to === "revoked" ? { revokedAt: now } : {}) })
      .where(and(eq(codes.id, id), eq(codes.status, from)))
      .returning({ id: codes.id });
    return rows.length > 0;
  }

  /** Counts by variant (null: the product's own codes) and status. */
  async countsFor(tx: Tx, productId: string): Promise<Map<string | null, StockCounts>> {
    const { codes } = tx.t;
    const rows = await tx.db
      .select({ variantId: codes.variantId, status: codes.status, n: count() })
      .from(codes)
      .where(eq(codes.productId, productId))
      .groupBy(codes.variantId, codes.status);
    const out = new Map<string | null, StockCounts>();
    for (const r of rows) {
      const counts = out.get(r.variantId) ?? emptyCounts();
      counts[r.status] += Number(r.n);
      out.set(r.variantId, counts);
    }
    return out;
  }

  /** Whether the product has any code available (one index look, where counting them all reads every one). */
  async hasAvailable(tx: Tx, productId: string): Promise<boolean> {
    // Not prepared: an operator's save runs it, and its LIMIT would have it compiled on every run anyway.
    const { codes } = tx.t;
    const found = await tx.db
      .select({ id: codes.id })
      .from(codes)
      .where(and(eq(codes.productId, productId), eq(codes.status, "available")))
      .limit(1);
    return found.length > 0;
  }

  /** Available codes of a product, of one variant when `variantId` is given (null: the product's own). */
  async availableFor(tx: Tx, productId: string, variantId?: string | null): Promise<number> {
    const { codes } = tx.t;
    const rows = await tx.db
      .select({ n: count() })
      .from(codes)
      .where(
        and(
          eq(codes.productId, productId),
          eq(codes.status, "available"),
          ...(variantId === undefined ? [] : [this.variantIs(tx, variantId)]),
        ),
      );
    return Number(rows[0]?.n ?? 0);
  }

  /** Available codes of a product by variant (null: the product's own), from the stock index alone. */
  async availableByVariant(tx: Tx, productId: string): Promise<Map<string | null, number>> {
    const { codes } = tx.t;
    const rows = await tx.db
      .select({ variantId: codes.variantId, n: count() })
      .from(codes)
      .where(and(eq(codes.productId, productId), eq(codes.status, "available")))
      .groupBy(codes.variantId);
    return new Map(rows.map((r) => [r.variantId, Number(r.n)]));
  }

  /** A product's codes, newest first, paged by id (`before`). `variantId`: undefined for all, null for the
   * product's own. Each page is read in index order and stops at `limit`: every code from codes_product_id_idx, one
   * status of one option from codes_stock_idx, and one status of every option as that of each option in turn, merged
   * (the index keeps a status's codes by option, so reading them across options at once would sort them all). */
  async list(
    tx: Tx,
    q: { productId: string; status?: CodeStatus; variantId?: string | null; limit: number; before?: string },
  ): Promise<(CodeRow & { orderCode: string | null })[]> {
    if (q.status === undefined || q.variantId !== undefined) return this.listOf(tx, q);
    const status = q.status;
    const options = await this.optionsWithStatus(tx, q.productId, status);
    const pages = await Promise.all(options.map((variantId) => this.listOf(tx, { ...q, status, variantId })));
    return pages
      .flat()
      .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
      .slice(0, q.limit);
  }

  private async listOf(
    tx: Tx,
    q: { productId: string; status?: CodeStatus; variantId?: string | null; limit: number; before?: string },
  ): Promise<(CodeRow & { orderCode: string | null })[]> {
    const { codes, orders } = tx.t;
    const rows = await tx.db
      .select({ code: codes, orderCode: orders.code })
      .from(codes)
      .leftJoin(orders, eq(orders.id, codes.orderId))
      .where(
        and(
          eq(codes.productId, q.productId),
          ...(q.status ? [eq(codes.status, q.status)] : []),
          ...(q.variantId === undefined ? [] : [this.variantIs(tx, q.variantId)]),
          ...(q.before ? [lt(codes.id, q.before)] : []),
        ),
      )
      .orderBy(desc(codes.id))
      .limit(q.limit);
    return rows.map((r) => ({ ...r.code, orderCode: r.orderCode }));
  }

  /** The options (null: the product's own codes) that have codes of this status, options since removed included:
   * one index look per option (the least option id after the last one found), not a read of every such code. */
  private async optionsWithStatus(tx: Tx, productId: string, status: CodeStatus): Promise<(string | null)[]> {
    const { codes } = tx.t;
    const ofStatus = and(eq(codes.productId, productId), eq(codes.status, status));
    const own = await tx.db
      .select({ id: codes.id })
      .from(codes)
      .where(and(ofStatus, isNull(codes.variantId)))
      .limit(1);
    const options: (string | null)[] = own.length > 0 ? [null] : [];
    // From '' (no option's id): a comparison, so the look starts past the product's own codes (null) in the index.
    for (let after = ""; ;) {
      const [next] = await tx.db
        .select({ variantId: min(codes.variantId) })
        .from(codes)
        .where(and(ofStatus, gt(codes.variantId, after)));
      if (!next?.variantId) return options;
      options.push(next.variantId);
      after = next.variantId;
    }
  }

  /** Revokes available codes of a product chosen by id or by hash; returns how many. */
  async revokeAvailable(
    tx: Tx,
    productId: string,
    by: { ids?: string[]; hash?: string },
    now: number,
  ): Promise<number> {
    const { codes } = tx.t;
    const which: SQL[] = [];
    if (by.ids && by.ids.length > 0) which.push(inArray(codes.id, by.ids));
    if (by.hash) which.push(eq(codes.hash, by.hash));
    if (which.length === 0) return 0;
    const rows = await tx.db
      .update(codes)
      .set({ status: "revoked", revokedAt: now, updatedAt: now })
      .where(and(eq(codes.productId, productId), eq(codes.status, "available"), or(...which)))
      .returning({ id: codes.id });
    return rows.length;
  }

  /** Revokes every code an order holds (a refund); returns the products concerned. */
  async revokeForOrder(tx: Tx, orderId: string, now: number): Promise<string[]> {
    const { codes } = tx.t;
    const rows = await tx.db
      .update(codes)
      .set({ status: "revoked", revokedAt: now, updatedAt: now })
      .where(and(eq(codes.orderId, orderId), inArray(codes.status, ["reserved", "sold"])))
      .returning({ productId: codes.productId });
    return [...new Set(rows.map((r) => r.productId))];
  }

  /** Unsold codes (available, reserved) of a product, oldest first, for the export. */
  async unsold(tx: Tx, productId: string): Promise<CodeRow[]> {
    const { codes } = tx.t;
    return tx.db
      .select()
      .from(codes)
      .where(and(eq(codes.productId, productId), inArray(codes.status, ["available", "reserved"])))
      .orderBy(asc(codes.id));
  }

  /** Available codes per automatic product and variant (null: the product's own; zero counts included), each counted
   * only up to its product's low-stock threshold + 1: the dashboard lists the low and the empty ones, and counting a
   * well-stocked product's million codes to learn it is not low would read them all. One query per distinct
   * threshold (a LIMIT cannot name a column), each reading at most threshold + 1 index entries per product. */
  async availabilityUpToThreshold(tx: Tx): Promise<
    {
      productId: string;
      title: string;
      threshold: number;
      variantId: string | null;
      variantName: string | null;
      available: number;
    }[]
  > {
    const { products, variants } = tx.t;
    const automatic = eq(products.deliveryMode, "automatic");
    const thresholds = await tx.db
      .selectDistinct({ threshold: products.lowStockThreshold })
      .from(products)
      .where(automatic);
    const out: (Awaited<ReturnType<CodesRepo["availabilityUpToThreshold"]>>[number] & { position: number })[] = [];
    for (const { threshold } of thresholds) {
      const cap = Math.max(threshold, 0) + 1;
      // Written out with its tables named: drizzle leaves the columns of a one-table query unqualified, and inside
      // the subquery an unqualified "id" would be the code's.
      const available = (variant: "own" | "option") =>
        sql<number>`(select count(*) from (select 1 from codes as c where c.product_id = products.id and ${sql.raw(
          variant === "own" ? "c.variant_id is null" : "c.variant_id = variants.id",
        )} and c.status = 'available' limit ${cap}) as capped)`.mapWith(Number);
      const own = await tx.db
        .select({ productId: products.id, title: products.title, available: available("own") })
        .from(products)
        .where(
          and(
            automatic,
            eq(products.lowStockThreshold, threshold),
            sql`not exists (select 1 from ${variants} where ${variants.productId} = ${products.id})`,
          ),
        );
      for (const r of own) out.push({ ...r, threshold, variantId: null, variantName: null, position: 0 });
      const options = await tx.db
        .select({
          productId: products.id,
          title: products.title,
          variantId: variants.id,
          variantName: variants.name,
          position: variants.position,
          available: available("option"),
        })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(and(automatic, eq(products.lowStockThreshold, threshold)));
      for (const r of options) out.push({ ...r, threshold });
    }
    // By title, a product's options in their order.
    out.sort(
      (a, b) => a.title.localeCompare(b.title) || a.productId.localeCompare(b.productId) || a.position - b.position,
    );
    return out.map(({ position: _, ...r }) => r);
  }

  /** What an automatic product's in_stock is derived from (CatalogRepo.applyStockStates writes it): each product's
   * delivery mode, in_stock and whether it has a code available, in
   * product order. The statement is sent when this is called (`then` at once, as takeFree()'s). */
  stockStates(tx: Tx, productIds: readonly string[]): Promise<StockState[]> {
    if (productIds.length === 0) return Promise.resolve([]);
    return stockStateStmt(tx, productIds.length)
      .execute(numbered(productIds.map((id) => ({ id }))))
      .then((states) => states);
  }

  /** stockStates() read once `reservations` (takeFree()) have taken their codes: on SQLite a reservation that looks
   * its order line up first takes its codes a turn later. */
  stockStatesAfter(
    tx: Tx,
    productIds: readonly string[],
    reservations: readonly Promise<unknown>[],
  ): Promise<StockState[]> {
    return Promise.allSettled(reservations).then(() => this.stockStates(tx, productIds));
  }

  /** Delivery mode and platform of products (absent when deleted). */
  async productInfo(tx: Tx, productIds: readonly string[]): Promise<Map<string, ProductInfo>> {
    const { products } = tx.t;
    const out = new Map<string, ProductInfo>();
    const ids = [...new Set(productIds)];
    for (let i = 0; i < ids.length; i += IN_CHUNK) {
      const rows = await tx.db
        .select({
          id: products.id,
          deliveryMode: products.deliveryMode,
          platform: products.platform,
          title: products.title,
          lowStockThreshold: products.lowStockThreshold,
        })
        .from(products)
        .where(inArray(products.id, ids.slice(i, i + IN_CHUNK)));
      for (const { id, ...info } of rows) out.set(id, info);
    }
    return out;
  }

  /** Available codes whose id sorts within the range (an index range on the primary key). */
  async countAvailableInRange(tx: Tx, range: DemoRange): Promise<number> {
    const { codes } = tx.t;
    const rows = await tx.db
      .select({ n: count() })
      .from(codes)
      .where(and(gte(codes.id, range.from), lt(codes.id, range.to), eq(codes.status, "available")));
    return Number(rows[0]?.n ?? 0);
  }

  async automaticProductCount(tx: Tx): Promise<number> {
    const { products } = tx.t;
    const rows = await tx.db.select({ n: count() }).from(products).where(eq(products.deliveryMode, "automatic"));
    return Number(rows[0]?.n ?? 0);
  }
}
