/** Seeds a store's database with years of history for `pnpm bench admin-scale`, straight into the data layer's tables
 * (the schema the server migrated; run while no server is up): `products` products, `orders` orders with one line
 * each, spread evenly over the last two years (statuses, currencies and ~orders/5 customer emails mixed by a fixed
 * hash of the row number, so every run seeds the same history), and `codes` codes sealed with the store's key (the
 * bench sets CODES_KEY) on the first 1,000 products, made automatic, a tenth of them on the first product.
 * Products and orders are generated in SQL (a recursive CTE on SQLite, generate_series on PostgreSQL) in one
 * statement per table, then the sales per day counted from them; codes are sealed in JS and inserted in batches
 * of 5,000 rows in one transaction. */
import Database from "better-sqlite3";
import pg from "pg";
import { REVENUE_STATUSES } from "@store/shared/schemas/orders";
import { Sealer } from "../src/lib/sealer.ts";

export interface SeedSize {
  orders: number;
  products: number;
  codes: number;
}

export const BIG_PRODUCT = "bp_1";
const AUTOMATIC_PRODUCTS = 1000;
const DAY = 86_400_000;

/** A fixed pseudo-random number in [0, m) for row i (both engines: 64-bit integer arithmetic). */
const h = (i: string, prime: number, m: number) => `((${i} * ${prime}) % ${m})`;

function productsSql(engine: "sqlite" | "postgres", n: number, now: number): string {
  const i = engine === "sqlite" ? "i" : "i::bigint";
  const created = `(${now - 730 * DAY} + ${i} * ${Math.floor((730 * DAY) / Math.max(n, 1))})`;
  // Every product in one of the demo store's categories.
  const cats = `cats as (select id, row_number() over (order by id) - 1 as k from categories)`;
  const join = `join cats on cats.k = (${i} * 7919) % (select count(*) from categories)`;
  const category = "cats.id";
  const select = `select 'bp_' || ${i}, 'Bench ' || (case ${h(i, 31, 4)} when 0 then 'Steam Card ' when 1 then 'PlayStation Gift ' when 2 then 'Netflix Voucher ' else 'Xbox Game Pass ' end) || ${i},
    '', '', 1000 + ${h(i, 101, 9000)}, 0, 0, 0, 0, '', '', '', '', '', true,
    case when ${i} <= ${AUTOMATIC_PRODUCTS} then 'automatic' else 'manual' end, 5, ${category}, 0, 1, 1, ${created}, ${created}`;
  const columns = `(id, title, description, image, price_usd, price_tnd, price_eur, price_egp, discount_percent, tagline,
    platform, region, delivery, sku, in_stock, delivery_mode, low_stock_threshold, category_id, sales, version, rev,
    created_at, updated_at)`;
  return engine === "sqlite"
    ? `insert into products ${columns} with recursive s(i) as (select 1 union all select i + 1 from s where i < ${n}), ${cats} ${select} from s ${join}`
    : `insert into products ${columns} with ${cats} ${select} from generate_series(1, ${n}) as s(i) ${join}`;
}

function ordersSql(engine: "sqlite" | "postgres", n: number, products: number, now: number): string[] {
  const i = engine === "sqlite" ? "i" : "i::bigint";
  const code = engine === "sqlite" ? `'PNR-' || printf('%08d', i)` : `'PNR-' || lpad(i::text, 8, '0')`;
  const created = `(${now - 730 * DAY} + ${i} * ${Math.floor((730 * DAY - 3_600_000) / Math.max(n, 1))} + ${h(i, 104729, 60_000)})`;
  const status = `case when ${h(i, 97, 100)} < 78 then 'delivered' when ${h(i, 97, 100)} < 86 then 'paid' when ${h(i, 97, 100)} < 92 then 'expired' when ${h(i, 97, 100)} < 97 then 'cancelled' else 'refunded' end`;
  const currency = `case ${h(i, 13, 10)} when 0 then 'EUR' when 1 then 'EGP' when 2 then 'TND' when 3 then 'TND' else 'USD' end`;
  const total = `(500 + ${h(i, 7907, 20000)})`;
  const email = `'customer' || ${h(i, 15485863, Math.max(Math.floor(n / 5), 1))} || '@example.com'`;
  const select = `select 'o_' || ${i}, ${code}, ${status}, 'Bench Customer', ${email}, '+21620000000', '', 'en', ${currency},
    '{"USD":1}', ${total}, 0, ${total}, null, 0, 'manual', 'h_' || ${i}, ${created}, ${created}, ${created}, 1`;
  const columns = `(id, code, status, customer_name, customer_email, customer_whatsapp, notes, locale, currency, rate,
    subtotal, discount, total, promo_code, promo_percent, payment_provider, access_token_hash, created_at, updated_at,
    paid_at, version)`;
  const lineSelect = `select 'o_' || ${i}, 'bp_' || (1 + ${h(i, 6151, products)}), 'Bench line', 1, ${total}, ${total}`;
  const lineColumns = `(order_id, product_id, title, qty, unit_price, line_total)`;
  const series =
    engine === "sqlite"
      ? `with recursive s(i) as (select 1 union all select i + 1 from s where i < ${n})`
      : `from generate_series(1, ${n}) as s(i)`;
  // The sales per day the orders repo keeps, counted as migration 0012 counts the orders already there.
  const salesDays = `insert into product_sales_days (day, product_id, units, lines, title)
    select cast(o.created_at / 86400000 as integer), l.product_id, sum(l.qty), count(*), max(l.title)
    from order_lines l join orders o on o.id = l.order_id
    where o.status in (${REVENUE_STATUSES.map((s) => `'${s}'`).join(", ")}) group by 1, 2`;
  const rows =
    engine === "sqlite"
      ? [
          `insert into orders ${columns} ${series} ${select} from s`,
          `insert into order_lines ${lineColumns} ${series} ${lineSelect} from s`,
        ]
      : [
          `insert into orders ${columns} ${select} ${series}`,
          `insert into order_lines ${lineColumns} ${lineSelect} ${series}`,
        ];
  return [...rows, salesDays];
}

/** The codes, sealed for their product, in batches of rows. */
function* codeBatches(size: SeedSize, sealer: Sealer, now: number): Generator<unknown[][]> {
  const big = Math.floor(size.codes / 10);
  const automatic = Math.min(AUTOMATIC_PRODUCTS, size.products);
  let batch: unknown[][] = [];
  for (let k = 0; k < size.codes; k++) {
    const product = k < big ? BIG_PRODUCT : `bp_${1 + ((k - big) % automatic)}`;
    const plain = `BENCH-${k.toString(36).toUpperCase().padStart(8, "0")}`;
    const status = k % 10 < 7 ? "available" : "sold";
    const at = now - (size.codes - k) * 1000;
    batch.push([
      `c_${k.toString(36).padStart(8, "0")}`,
      product,
      sealer.seal(plain, product),
      sealer.hash(plain),
      status,
      at,
    ]);
    if (batch.length === 5000) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

export async function seedSqlite(file: string, size: SeedSize, codesKey: Buffer, now = Date.now()): Promise<void> {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  const sealer = new Sealer(codesKey);
  db.transaction(() => {
    db.exec(productsSql("sqlite", size.products, now));
    for (const s of ordersSql("sqlite", size.orders, size.products, now)) db.exec(s);
    const insert = db.prepare(
      "insert into codes (id, product_id, sealed, hash, status, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)",
    );
    for (const batch of codeBatches(size, sealer, now))
      for (const [id, product, sealed, hash, status, at] of batch)
        insert.run(id, product, sealed, hash, status, at, at);
  })();
  db.exec("analyze");
  db.close();
}

export async function seedPostgres(url: string, size: SeedSize, codesKey: Buffer, now = Date.now()): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const sealer = new Sealer(codesKey);
  try {
    await client.query("begin");
    await client.query(productsSql("postgres", size.products, now));
    for (const s of ordersSql("postgres", size.orders, size.products, now)) await client.query(s);
    for (const batch of codeBatches(size, sealer, now)) {
      const column = (k: number) => batch.map((r) => r[k]);
      await client.query(
        `insert into codes (id, product_id, sealed, hash, status, created_at, updated_at)
         select id, product_id, sealed, hash, status, at, at
         from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[]) as r(id, product_id, sealed, hash, status, at)`,
        [column(0), column(1), column(2), column(3), column(4), column(5)],
      );
    }
    await client.query("commit");
    // As autovacuum would soon after a bulk load: the statistics, and the visibility map index-only scans rely on.
    await client.query("vacuum analyze");
  } finally {
    await client.end();
  }
}
