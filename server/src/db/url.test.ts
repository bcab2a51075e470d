import path from "node:path";
import { describe, expect, it } from "vitest";
import { databaseTarget } from "./url.ts";

describe("DATABASE_URL", () => {
  const dataDir = "/srv/store-data";

  it("selects a SQLite file in DATA_DIR when unset or empty", () => {
    expect(databaseTarget(undefined, dataDir)).toEqual({ engine: "sqlite", file: "/srv/store-data/store.db" });
    expect(databaseTarget("  ", dataDir)).toEqual({ engine: "sqlite", file: "/srv/store-data/store.db" });
  });

  it("selects a SQLite file for file: paths and URLs", () => {
    expect(databaseTarget("file:/var/lib/store.db", dataDir)).toEqual({ engine: "sqlite", file: "/var/lib/store.db" });
    expect(databaseTarget("file:///var/lib/store.db", dataDir)).toEqual({
      engine: "sqlite",
      file: "/var/lib/store.db",
    });
    expect(databaseTarget("file:data/x.db", dataDir)).toEqual({ engine: "sqlite", file: path.resolve("data/x.db") });
  });

  it("selects PostgreSQL for postgres:// and postgresql://", () => {
    expect(databaseTarget("postgres://store@127.0.0.1:5432/store", dataDir)).toEqual({
      engine: "postgres",
      url: "postgres://store@127.0.0.1:5432/store",
    });
    expect(databaseTarget("postgresql://db.internal/store", dataDir).engine).toBe("postgres");
  });

  it("refuses anything else with a message naming what is accepted, never echoing credentials", () => {
    expect(() => databaseTarget("mysql://root:hunter2@db/store", dataDir)).toThrow(
      /Unsupported DATABASE_URL scheme "mysql:".*file:<path>.*postgres:\/\//,
    );
    expect(() => databaseTarget("mysql://root:hunter2@db/store", dataDir)).not.toThrow(/hunter2/);
    expect(() => databaseTarget("./data/store.db", dataDir)).toThrow(/Unsupported DATABASE_URL "\.\/data\/store\.db"/);
    expect(() => databaseTarget("file:", dataDir)).toThrow(/no file name/);
  });
});

describe("DATABASE_READ_URL", () => {
  const dataDir = "/srv/store-data";
  const primary = "postgres://store@10.0.0.1:5432/store";

  it("adds a read replica to a PostgreSQL database, and nothing when unset or empty", () => {
    expect(databaseTarget(primary, dataDir, "postgresql://reader:s3cret@10.0.0.2:5432/store")).toEqual({
      engine: "postgres",
      url: primary,
      readUrl: "postgresql://reader:s3cret@10.0.0.2:5432/store",
    });
    expect(databaseTarget(primary, dataDir, " ")).toEqual({ engine: "postgres", url: primary });
    expect(databaseTarget(primary, dataDir, undefined)).toEqual({ engine: "postgres", url: primary });
  });

  it("is refused with SQLite, saying why, and refused when it is no postgres:// address, never quoting it", () => {
    const replica = "postgres://reader:s3cret@10.0.0.2:5432/store";
    for (const sqlite of [undefined, "file:/var/lib/store.db"]) {
      expect(() => databaseTarget(sqlite, dataDir, replica)).toThrow(
        /DATABASE_READ_URL is set but the database is SQLite.*DATABASE_URL/,
      );
      expect(() => databaseTarget(sqlite, dataDir, replica)).not.toThrow(/s3cret/);
    }
    expect(() => databaseTarget(primary, dataDir, "mysql://reader:s3cret@db/store")).toThrow(
      /DATABASE_READ_URL must be a postgres:\/\//,
    );
    expect(() => databaseTarget(primary, dataDir, "mysql://reader:s3cret@db/store")).not.toThrow(/s3cret/);
  });
});
