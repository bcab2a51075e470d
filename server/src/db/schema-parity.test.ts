/** SQLite's tables (made by schema-sqlite.ts) and PostgreSQL's (declared in schema/) have the same tables,
 * columns, types, keys and indexes: repos are written once and run on both engines. */
import { is } from "drizzle-orm";
import { getTableConfig as pgConfig, PgTable } from "drizzle-orm/pg-core";
import { getTableConfig as sqliteConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as pg from "./schema/index.ts";
import * as sqlite from "./schema-sqlite.ts";

/** What must agree, column by column: the name, the type as the application sees it (with the SQL type family
 * per engine), nullability, default, key, uniqueness and enum values. */
interface ColumnShape {
  name: string;
  type: string;
  notNull: boolean;
  default: unknown;
  primary: boolean;
  unique: boolean;
  enumValues: readonly string[] | undefined;
}

interface TableShape {
  columns: ColumnShape[];
  primaryKeys: string[][];
  indexes: string[];
  foreignKeys: string[];
}

/** SQL types per engine that hold the same application value. */
const SQLITE_TYPE: Record<string, string> = {
  SQLiteText: "text",
  SQLiteInteger: "integer",
  SQLiteBoolean: "boolean",
  // Custom columns by their SQL type: raw bytes (the uploads).
  "SQLiteCustomColumn(blob)": "bytes",
};
const PG_TYPE: Record<string, string> = {
  PgText: "text",
  PgInteger: "integer",
  // Milliseconds since 1970 outgrow a 32-bit integer: bigint on PostgreSQL, read back as a JS number.
  PgBigInt53: "integer",
  PgBoolean: "boolean",
  "PgCustomColumn(bytea)": "bytes",
};

function plainDefault(value: unknown): unknown {
  return typeof value === "object" && value !== null ? "(sql)" : value;
}

/** What getTableConfig gives for either engine, as far as the comparison reads it. */
interface TableConfigLike {
  columns: {
    name: string;
    dataType: string;
    columnType: string;
    notNull: boolean;
    default: unknown;
    primary: boolean;
    isUnique: boolean;
    enumValues?: readonly string[] | undefined;
    getSQLType(): string;
  }[];
  primaryKeys: { columns: { name: string }[] }[];
  indexes: { config: { name?: string | undefined; columns: readonly object[]; unique: boolean; where?: unknown } }[];
  foreignKeys: {
    onDelete?: string | undefined;
    reference(): { columns: { name: string }[]; foreignColumns: { name: string }[]; foreignTable: object };
  }[];
}

function shape(config: TableConfigLike, types: Record<string, string>, tableName: (t: object) => string): TableShape {
  return {
    columns: config.columns.map((c) => ({
      name: c.name,
      type: `${c.dataType}:${types[c.columnType] ?? types[`${c.columnType}(${c.getSQLType()})`] ?? c.columnType}`,
      notNull: c.notNull,
      // An identity column (PostgreSQL) has no default, like SQLite's AUTOINCREMENT key.
      default: plainDefault(c.default),
      primary: c.primary,
      unique: c.isUnique,
      enumValues: c.enumValues,
    })),
    primaryKeys: config.primaryKeys.map((k) => k.columns.map((c) => c.name)),
    indexes: config.indexes
      .map(
        (i) =>
          `${i.config.unique ? "unique " : ""}${i.config.name ?? "(unnamed)"}(${i.config.columns.map((c) => ("name" in c ? String(c.name) : "?")).join(",")})${i.config.where ? " partial" : ""}`,
      )
      .sort(),
    foreignKeys: config.foreignKeys
      .map((f) => {
        const r = f.reference();
        const to = `${tableName(r.foreignTable)}(${r.foreignColumns.map((c) => c.name).join(",")})`;
        return `${r.columns.map((c) => c.name).join(",")}->${to} on delete ${f.onDelete ?? "no action"}`;
      })
      .sort(),
  };
}

const sqliteName = (t: object): string => (is(t, SQLiteTable) ? sqliteConfig(t).name : "?");
const pgName = (t: object): string => (is(t, PgTable) ? pgConfig(t).name : "?");
const sqliteShape = (table: SQLiteTable) => shape(sqliteConfig(table), SQLITE_TYPE, sqliteName);
const pgShape = (table: PgTable) => shape(pgConfig(table), PG_TYPE, pgName);

function tablesOf<T>(module: Record<string, unknown>, isTable: (v: unknown) => v is T, name: (t: T) => string) {
  const out = new Map<string, { exportName: string; table: T }>();
  for (const [exportName, value] of Object.entries(module)) {
    if (isTable(value)) out.set(name(value), { exportName, table: value });
  }
  return out;
}

const sqliteTables = tablesOf(
  sqlite,
  (v): v is SQLiteTable => is(v, SQLiteTable),
  (t) => sqliteConfig(t).name,
);
const pgTables = tablesOf(
  pg,
  (v): v is PgTable => is(v, PgTable),
  (t) => pgConfig(t).name,
);

describe("schema parity between SQLite and PostgreSQL", () => {
  it("declares the same tables under the same export names", () => {
    expect(sqliteTables.size).toBeGreaterThan(10);
    const names = (m: Map<string, { exportName: string }>) =>
      [...m].map(([table, { exportName }]) => `${exportName}=${table}`).sort();
    expect(names(pgTables)).toEqual(names(sqliteTables));
  });

  for (const [name, { table }] of sqliteTables) {
    it(`declares ${name} alike`, () => {
      const other = pgTables.get(name);
      expect(other, `${name} is missing from the PostgreSQL schema`).toBeDefined();
      if (other) expect(pgShape(other.table)).toEqual(sqliteShape(table));
    });
  }

  it("stores every millisecond timestamp as bigint on PostgreSQL", () => {
    for (const { table } of pgTables.values()) {
      for (const column of pgConfig(table).columns) {
        if (/_at$|_until$|window_start$/.test(column.name))
          expect(`${column.name}:${column.columnType}`).toBe(`${column.name}:PgBigInt53`);
      }
    }
  });
});
