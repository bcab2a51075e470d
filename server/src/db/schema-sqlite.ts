/** SQLite's tables, made from the one declaration in ./schema (written with drizzle's PostgreSQL builders,
 * whose types repos are written against, see data.ts): the same table, column, key, index and foreign key
 * names, with each column in SQLite's type for the same application value. drizzle-kit reads this file for
 * the SQLite migrations, the SQLite engine queries through it, and schema-parity.test.ts compares it with the
 * declaration.
 *
 * | declaration (PostgreSQL)            | SQLite                                   |
 * | ----------------------------------- | ---------------------------------------- |
 * | text (with or without an enum)      | text (same enum)                         |
 * | integer, ms() (bigint as a number)  | integer                                  |
 * | integer key generated as identity   | integer primary key autoincrement        |
 * | boolean                             | integer in boolean mode                  |
 * | bytea (custom)                      | blob, read back as a Buffer              |
 *
 * A partial index keeps its condition, the declared columns swapped for SQLite's. Anything else (another column
 * type, a table-level unique or check constraint) throws when the schema loads: extend the mapping first. */
import { getTableColumns, is, SQL, type SQLChunk } from "drizzle-orm";
import {
  getTableConfig,
  IndexedColumn,
  PgColumn,
  PgTable,
  type ForeignKey,
  type UpdateDeleteAction,
} from "drizzle-orm/pg-core";
import {
  customType,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
  type SQLiteColumn,
  type SQLiteColumnBuilderBase,
  getTableConfig as getSqliteConfig,
  type SQLiteTable,
} from "drizzle-orm/sqlite-core";
import * as declared from "./schema/index.ts";

/** Raw bytes: a BLOB, read back as a Buffer (bytea in the declaration). */
const blob = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "blob" });

type Declared = typeof declared;
type TableNames = { [K in keyof Declared]: Declared[K] extends PgTable ? K : never }[keyof Declared];

/** SQLite's table for each declared one, by the declaration's own table (foreign keys look their target up
 * when drizzle first reads them, after every table is made). */
const made = new Map<PgTable, SQLiteTable>();

function columnOf(table: SQLiteTable, name: string): SQLiteColumn {
  const column = Object.values(getTableColumns(table)).find((c) => c.name === name);
  if (!column) throw new Error(`schema-sqlite: ${getSqliteConfig(table).name} has no column ${name}`);
  return column;
}

function madeFrom(table: PgTable): SQLiteTable {
  const sqlite = made.get(table);
  if (!sqlite) throw new Error(`schema-sqlite: ${getTableConfig(table).name} is not in ./schema/index.ts`);
  return sqlite;
}

/** What the mapping calls on any SQLite column builder (drizzle types each builder by its column, with no
 * common type that keeps the chain). */
interface ColumnChain extends SQLiteColumnBuilderBase {
  primaryKey(): ColumnChain;
  notNull(): ColumnChain;
  default(value: unknown): ColumnChain;
  unique(name?: string): ColumnChain;
  references(
    ref: () => SQLiteColumn,
    actions: { onDelete?: UpdateDeleteAction; onUpdate?: UpdateDeleteAction },
  ): ColumnChain;
}

/** The SQLite column builder for one declared column, before its constraints. */
function baseColumn(column: PgColumn): ColumnChain {
  switch (column.columnType) {
    case "PgText": {
      const values = column.enumValues;
      const [first, ...rest] = values ?? [];
      return first === undefined ? text(column.name) : text(column.name, { enum: [first, ...rest] });
    }
    case "PgInteger":
      return column.generatedIdentity && column.primary
        ? integer(column.name).primaryKey({ autoIncrement: true })
        : integer(column.name);
    case "PgBigInt53":
      return integer(column.name);
    case "PgBoolean":
      return integer(column.name, { mode: "boolean" });
    case "PgCustomColumn":
      if (column.getSQLType() === "bytea") return blob(column.name);
  }
  throw new Error(`schema-sqlite: no SQLite type for ${column.name} (${column.getSQLType()})`);
}

function sqliteColumn(column: PgColumn, foreignKeys: readonly ForeignKey[]): ColumnChain {
  let builder = baseColumn(column);
  if (column.primary && !column.generatedIdentity) builder = builder.primaryKey();
  if (column.notNull && !column.primary) builder = builder.notNull();
  if (column.hasDefault && !column.generatedIdentity) {
    if (column.default === undefined || is(column.default, SQL))
      throw new Error(`schema-sqlite: ${column.name} has a default that is not a plain value`);
    builder = builder.default(column.default);
  }
  if (column.isUnique) builder = builder.unique(column.uniqueName);
  for (const foreignKey of foreignKeys) {
    const { columns, foreignColumns, foreignTable } = foreignKey.reference();
    const target = foreignColumns[0];
    if (columns[0]?.name !== column.name || !target) continue;
    builder = builder.references(() => columnOf(madeFrom(foreignTable), target.name), {
      onDelete: foreignKey.onDelete,
      onUpdate: foreignKey.onUpdate,
    });
  }
  return builder;
}

/** An index expression with the declared table's columns swapped for SQLite's. */
function sqliteSql(expression: SQL, table: SQLiteTable): SQL {
  const chunks: SQLChunk[] = expression.queryChunks.map((chunk) =>
    is(chunk, PgColumn) ? columnOf(table, chunk.name) : chunk,
  );
  return new SQL(chunks);
}

/** One part of a declared index (a column, by name, or an expression) on SQLite's table. */
function indexPart(part: Partial<SQL | IndexedColumn>, table: SQLiteTable): SQLiteColumn | SQL {
  if (is(part, SQL)) return sqliteSql(part, table);
  if (is(part, IndexedColumn) && part.name) return columnOf(table, part.name);
  throw new Error(`schema-sqlite: ${getSqliteConfig(table).name} has an index part the mapping does not carry`);
}

function toSqlite(table: PgTable): SQLiteTable {
  const config = getTableConfig(table);
  const carried =
    config.uniqueConstraints.length === 0 &&
    config.checks.length === 0 &&
    config.foreignKeys.every((f) => f.reference().columns.length === 1);
  if (!carried) throw new Error(`schema-sqlite: ${config.name} has a constraint the mapping does not carry`);
  const columns = Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => [key, sqliteColumn(column, config.foreignKeys)]),
  );
  const sqlite: SQLiteTable = sqliteTable(config.name, columns, () => [
    ...config.primaryKeys.map((key) => {
      const [first, ...rest] = key.columns.map((c) => columnOf(sqlite, c.name));
      if (!first) throw new Error(`schema-sqlite: ${config.name} has an empty primary key`);
      return primaryKey({ columns: [first, ...rest] });
    }),
    ...config.indexes.map(({ config: { name, unique, columns: on, where } }) => {
      const [first, ...rest] = on.map((part) => indexPart(part, sqlite));
      if (!name || !first) throw new Error(`schema-sqlite: ${config.name} has an unnamed or empty index`);
      const built = (unique ? uniqueIndex(name) : index(name)).on(first, ...rest);
      return where ? built.where(sqliteSql(where, sqlite)) : built;
    }),
  ]);
  made.set(table, sqlite);
  return sqlite;
}

const tables = Object.fromEntries(
  Object.entries(declared).flatMap(([key, value]) => (is(value, PgTable) ? [[key, toSqlite(value)]] : [])),
) as Record<TableNames, SQLiteTable>;

export const {
  admins,
  adminSessions,
  loginThrottle,
  categories,
  products,
  variants,
  banners,
  settings,
  catalogState,
  catalogDeletions,
  codes,
  orderEvents,
  rateLimits,
  mailOutbox,
  devMailbox,
  orders,
  orderLines,
  productSalesDays,
  promos,
  idempotencyKeys,
  newsletterSubscribers,
  orderTotals,
  paymentEvents,
  unmatchedPayments,
  uploads,
  stockRequests,
  limitRefusals,
  blockList,
  blockListState,
  blockedAttempts,
  operatorAlerts,
  operatorAlertDigests,
} = tables;
