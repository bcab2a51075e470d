/** Each change's migration bears one descriptive name on both engines (migrations/ and migrations-pg/); the first ones
 * were renamed from the names drizzle-kit drew at random. Drizzle's migrator records an applied migration by the hash
 * of its SQL and its journal's `when`, and applies the entries whose `when` is later than the last recorded: the name
 * is not in the database, so a database migrated under the old names, wholly or in part, then under the new ones,
 * applies nothing twice and ends with the schema of one migrated under the new names from the start. On the engine
 * under test (TEST_DATABASE). */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { drizzle as sqliteDrizzle } from "drizzle-orm/better-sqlite3";
import { migrate as sqliteMigrate } from "drizzle-orm/better-sqlite3/migrator";
import { drizzle as pgDrizzle } from "drizzle-orm/node-postgres";
import { migrate as pgMigrate } from "drizzle-orm/node-postgres/migrator";
import { afterEach, describe, expect, it } from "vitest";
import { TEST_ON_POSTGRES } from "../test/harness.ts";
import { createPostgresDatabase } from "../test/postgres-database.ts";

const SQLITE_FOLDER = new URL("./migrations", import.meta.url).pathname;
const PG_FOLDER = new URL("./migrations-pg", import.meta.url).pathname;

/** The renamed migrations as they were before the renaming, by their names now: the old name, and the two things
 * the migrator records, the journal's `when` and the SHA-256 of the SQL. */
interface OldEntry {
  tag: string;
  when: number;
  hash: string;
}
const OLD_SQLITE: Record<string, OldEntry> = {
  "0002_uploads": {
    tag: "0002_mixed_winter_soldier",
    when: 1795440065408,
    hash: "0bc1a530df4a0f1fab017f294faa4ab8e8518add444bd829e6baea5581b312e6",
  },
  "0003_code_stock_and_order_events": {
    tag: "0003_daffy_black_queen",
    when: 1795446497082,
    hash: "49dbcb9092150193c3745681c75a098cef67b846cbc2f6bcef39a4075a14f814",
  },
  "0004_payment_events": {
    tag: "0004_legal_risque",
    when: 1795446747428,
    hash: "db4db186f0ccdf4cd04dc3d6114e3b43731c306cc6e8c2244c3fbfdbf2dea6e2",
  },
  "0005_promo_limits": {
    tag: "0005_thin_doctor_strange",
    when: 1795447204783,
    hash: "d75abeb08f02bc818e21310e143b04d3ce6c3a61ca9fadec082b5dc0c99f2ac8",
  },
  "0006_orders_list_indexes": {
    tag: "0006_famous_dust",
    when: 1795454486357,
    hash: "14cd956f48223a0608d991109aa85bec8eb22f1c7fe5a3634014dc363e48ad86",
  },
  "0007_codes_stock_index": {
    tag: "0007_abandoned_purifiers",
    when: 1795457664649,
    hash: "92e4ebfb33a32d335df29a498b682ec5072164771d02a6a1e633643a6a5f3907",
  },
  "0008_drop_orders_email_index": {
    tag: "0008_curly_warbird",
    when: 1795464153578,
    hash: "98f33e438d8431424fd5f3978993ac79eb4491e2ac88cf8549b00a7c655d0e80",
  },
  "0009_order_totals_and_paging_indexes": {
    tag: "0009_damp_tiger_shark",
    when: 1795469612223,
    hash: "e0cbaa8427371d83fcb227de1f8ab228efa18a2741430e23c38638e4d96a1ca8",
  },
  "0010_covering_order_indexes": {
    tag: "0010_yielding_mad_thinker",
    when: 1795586638694,
    hash: "481d5ecf4ab903017ad4f1d2f2e6f792bb0863e3edbaa6d890f501d17adeb6c8",
  },
  "0011_low_stock_index": {
    tag: "0011_lame_edwin_jarvis",
    when: 1795587142893,
    hash: "e4e9777ea8b0f39e560ea121631f017b22b66c169ba49ab29c882070076691ae",
  },
  "0012_product_sales_days": {
    tag: "0012_old_cardiac",
    when: 1795596617239,
    hash: "4cf60d873eaa9bef069fbc86e4bed7390357ee1aabcf178ac7d468ce237c5946",
  },
  "0013_codes_order_partial_index": {
    tag: "0013_modern_tinkerer",
    when: 1795621490127,
    hash: "dae145a8b8efc61ac385abd351e745bba62658385216b7dc4d6983a1ed79616a",
  },
};
const OLD_PG: Record<string, OldEntry> = {
  "0002_uploads": {
    tag: "0002_heavy_nebula",
    when: 1795440068452,
    hash: "bcfe723aa10ec11aba3686d2b2c0173732e94194d76870f826133d3cece5a0ae",
  },
  "0003_code_stock_and_order_events": {
    tag: "0003_spotty_timeslip",
    when: 1795446507086,
    hash: "03c46ae60ed03b3318f57b834cf1cb19f76fa5ef73f4acced14fe18191d06d3c",
  },
  "0004_payment_events": {
    tag: "0004_quick_ironclad",
    when: 1795446748455,
    hash: "04a24039c02b0d1a5f946ea689166ccf0e272f1f1f6d6dbdbbaec7173298a437",
  },
  "0005_promo_limits": {
    tag: "0005_dusty_owl",
    when: 1795447206270,
    hash: "0d197d11815f7d844c1b9fee003727c72e59eaa20a4023b0183d3f7bae537942",
  },
  "0006_orders_list_indexes": {
    tag: "0006_slippery_lord_hawal",
    when: 1795454507417,
    hash: "3e46354237ef9cbf7941574357c9b4b4fe48544db9eb8d6a1b6a4471a9713d12",
  },
  "0007_codes_stock_index": {
    tag: "0007_oval_electro",
    when: 1795457666528,
    hash: "13b81e47a5b0b56e1a775ec6adb76e8c703a7caf8383593cb6831122776d3809",
  },
  "0008_drop_orders_email_index": {
    tag: "0008_melodic_zzzax",
    when: 1795464157804,
    hash: "763dc2cfd8749ab7105388c871f67c7e4259d3c0a68e57303f019fa5850a27ff",
  },
  "0009_order_totals_and_paging_indexes": {
    tag: "0009_equal_marvel_apes",
    when: 1795469613814,
    hash: "f062fad68ebc7b7572c9b5599163e5198c97fcf8b1368a1c88517a9a500d93ee",
  },
  "0010_covering_order_indexes": {
    tag: "0010_cloudy_skin",
    when: 1795586640231,
    hash: "a4807fba0fbd3548f5abaaf89781a5d86bed12744e3512c9c56e6f24a6bcc1f1",
  },
  "0011_low_stock_index": {
    tag: "0011_flashy_franklin_richards",
    when: 1795587144755,
    hash: "038a42340d7b6a509b6d96df40558d7c5617ecec4fc7b8c7218ddf803bf80fda",
  },
  "0012_product_sales_days": {
    tag: "0012_unusual_apocalypse",
    when: 1795596617992,
    hash: "05b72ec24a1abe73669cb8b3d9c544faa092d5358d0a78ebd40d10129c3572d3",
  },
  "0013_codes_order_partial_index": {
    tag: "0013_bored_ricochet",
    when: 1795621491817,
    hash: "93cbc1e49c158193b8647caf31fcbd136af191a6cb515f0ff9700cd776940f5d",
  },
};
/** Changes only PostgreSQL has: the catalog's change notices (LISTEN/NOTIFY). */
const PG_ONLY = ["catalog_notify"];

interface Journal {
  entries: { tag: string; when: number }[];
}

function journalOf(folder: string): Journal {
  const journal: Journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8"));
  return journal;
}

/** A change's name without its engine's number. */
const nameOf = (tag: string) => tag.replace(/^\d+_/, "");

const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The migrations folder as it was before the renaming, holding its first `count` migrations (a database last
 * migrated before the later ones were written): each renamed file under its old name and `when`. */
function oldFolder(folder: string, old: Record<string, OldEntry>, count: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-old-migrations-"));
  temporary.push(dir);
  fs.mkdirSync(path.join(dir, "meta"));
  const journal = journalOf(folder);
  const entries = journal.entries.slice(0, count).map((entry) => {
    const { tag, when } = old[entry.tag] ?? entry;
    fs.copyFileSync(path.join(folder, `${entry.tag}.sql`), path.join(dir, `${tag}.sql`));
    return { ...entry, tag, when };
  });
  fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  return dir;
}

/** A database of the engine under test: migrate it from a folder, read what it recorded and its schema. */
interface Subject {
  migrate(folder: string): Promise<void>;
  applied(): Promise<unknown[]>;
  schema(): Promise<unknown>;
  close(): Promise<void>;
}

async function sqliteSubject(): Promise<Subject> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-migrated-"));
  temporary.push(dir);
  const sqlite = new Database(path.join(dir, "store.db"));
  const read = (query: string) => sqlite.prepare(query).all();
  return {
    migrate: async (folder) => sqliteMigrate(sqliteDrizzle(sqlite), { migrationsFolder: folder }),
    applied: async () => read("SELECT hash, created_at FROM __drizzle_migrations ORDER BY id"),
    schema: async () =>
      read("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name"),
    close: async () => {
      sqlite.close();
    },
  };
}

async function pgSubject(): Promise<Subject> {
  const database = await createPostgresDatabase("store_migration_names");
  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  // Dropping the database ends a connection the pool may still be closing: expected here, not a failure.
  pool.on("error", () => undefined);
  const read = async (query: string) => (await pool.query(query)).rows;
  return {
    migrate: (folder) => pgMigrate(pgDrizzle(pool), { migrationsFolder: folder }),
    applied: () => read("SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY id"),
    schema: async () => ({
      columns: await read(
        `SELECT table_name, column_name, data_type, column_default, is_nullable FROM information_schema.columns
         WHERE table_schema = 'public' ORDER BY table_name, column_name`,
      ),
      indexes: await read("SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname"),
      constraints: await read(
        `SELECT conrelid::regclass::text AS table_name, conname, pg_get_constraintdef(oid) AS definition
         FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`,
      ),
      triggers: await read(
        "SELECT tgrelid::regclass::text AS table_name, tgname FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1, 2",
      ),
      functions: await read(
        "SELECT proname, prosrc FROM pg_proc WHERE pronamespace = 'public'::regnamespace ORDER BY 1",
      ),
    }),
    close: async () => {
      await pool.end();
      await database.drop();
    },
  };
}

const engine = TEST_ON_POSTGRES
  ? { name: "PostgreSQL", folder: PG_FOLDER, old: OLD_PG, open: pgSubject }
  : { name: "SQLite", folder: SQLITE_FOLDER, old: OLD_SQLITE, open: sqliteSubject };

describe("migration names", { timeout: 60_000 }, () => {
  it("are the same per change on both engines, PostgreSQL's own changes aside", () => {
    const sqliteNames = journalOf(SQLITE_FOLDER).entries.map((e) => nameOf(e.tag));
    const pgNames = journalOf(PG_FOLDER).entries.map((e) => nameOf(e.tag));
    expect(pgNames.filter((name) => !PG_ONLY.includes(name))).toEqual(sqliteNames);
  });

  it("name each journal entry's file; the renamed ones keep their `when` and their SQL", () => {
    for (const [folder, old] of [
      [SQLITE_FOLDER, OLD_SQLITE],
      [PG_FOLDER, OLD_PG],
    ] as const) {
      const entries = journalOf(folder).entries;
      const files = fs.readdirSync(folder).filter((file) => file.endsWith(".sql"));
      expect(files.sort()).toEqual(entries.map((e) => `${e.tag}.sql`).sort());
      const renamed = entries.filter((e) => e.tag in old);
      expect(renamed).toHaveLength(Object.keys(old).length);
      for (const entry of renamed) {
        const sql = fs.readFileSync(path.join(folder, `${entry.tag}.sql`));
        expect({ when: entry.when, hash: crypto.createHash("sha256").update(sql).digest("hex") }).toEqual({
          when: old[entry.tag]?.when,
          hash: old[entry.tag]?.hash,
        });
      }
    }
  });

  describe.each([
    ["all of the old migrations", Infinity],
    ["the old migrations up to the seventh", 7],
  ])(`a ${engine.name} database migrated with %s, then with the renamed ones`, (_, count) => {
    it("applies nothing twice and ends with the schema of one migrated with the renamed ones only", async () => {
      const fresh = await engine.open();
      const old = await engine.open();
      try {
        await fresh.migrate(engine.folder);
        const total = journalOf(engine.folder).entries.length;
        await old.migrate(oldFolder(engine.folder, engine.old, count));
        expect(await old.applied()).toHaveLength(Math.min(count, total));
        await old.migrate(engine.folder);
        const applied = await old.applied();
        expect(applied).toHaveLength(total);
        expect(applied).toEqual(await fresh.applied());
        expect(await old.schema()).toEqual(await fresh.schema());
      } finally {
        await fresh.close();
        await old.close();
      }
    });
  });
});
