import { beforeEach, describe, expect, it } from "vitest";
import type { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { storeForEachTest, TEST_ON_POSTGRES, type TestStore } from "../test/harness.ts";
import type { Tx } from "./data.ts";

/** Statements a transaction awaits together (Promise.all): on PostgreSQL they leave in one write, pipelined
 * (db/postgres.ts coalesceWrites), and BEGIN leaves with them; on SQLite they simply run one after the other. */
describe("statements awaited together in a transaction", () => {
  let store: TestStore;
  storeForEachTest((opened) => (store = opened));
  // The settings table is these tests' scratch table: it starts empty (a store's start writes its key check there).
  beforeEach(() => store.query((db, t) => db.delete(t.settings)));

  const row = (key: string, value: string) => ({ key, value, rev: 0, updatedAt: 0 });

  it("run inside the transaction, in the order they were issued, each with its own answer", async () => {
    const answers = await store.data.transaction(async (tx) => {
      const { settings } = tx.t;
      return Promise.all([
        tx.db.insert(settings).values(row("a", "1")).returning({ key: settings.key }),
        tx.db.update(settings).set({ value: "2" }).where(eq(settings.key, "a")).returning({ value: settings.value }),
        tx.db.select({ value: settings.value }).from(settings).where(eq(settings.key, "a")),
      ]);
    });
    expect(answers).toEqual([[{ key: "a" }], [{ value: "2" }], [{ value: "2" }]]);
    expect(await store.query((db, t) => db.select({ value: t.settings.value }).from(t.settings))).toEqual([
      { value: "2" },
    ]);
  });

  it("are all undone when one of them fails, the ones before it included", async () => {
    await store.data.transaction((tx) =>
      tx.db
        .insert(tx.t.settings)
        .values(row("taken", "0"))
        .then(() => undefined),
    );
    await expect(
      store.data.transaction(async (tx) => {
        const { settings } = tx.t;
        await Promise.all([
          tx.db.insert(settings).values(row("first", "1")),
          tx.db.insert(settings).values(row("taken", "again")),
          tx.db.insert(settings).values(row("after", "3")),
        ]);
      }),
    ).rejects.toThrow();
    const keys = await store.query((db, t) => db.select({ key: t.settings.key }).from(t.settings));
    expect(keys).toEqual([{ key: "taken" }]);
    // The connection is whole again: the next transaction commits.
    await store.data.transaction((tx) =>
      tx.db
        .insert(tx.t.settings)
        .values(row("next", "4"))
        .then(() => undefined),
    );
    expect(
      await store.query((db, t) => db.select({ key: t.settings.key }).from(t.settings).orderBy(t.settings.key)),
    ).toEqual([{ key: "next" }, { key: "taken" }]);
  });

  it("see a savepoint's rows, and lose only them when the savepoint fails", async () => {
    await store.data.transaction(async (tx) => {
      await tx.db.insert(tx.t.settings).values(row("outer", "1"));
      await expect(
        store.data.savepoint(tx, async (sp) => {
          await Promise.all([
            sp.db.insert(sp.t.settings).values(row("inner", "2")),
            sp.db.insert(sp.t.settings).values(row("outer", "dup")),
          ]);
        }),
      ).rejects.toThrow();
      await store.data.savepoint(tx, (sp) =>
        sp.db
          .insert(sp.t.settings)
          .values(row("kept", "3"))
          .then(() => undefined),
      );
    });
    const keys = await store.query((db, t) =>
      db.select({ key: t.settings.key }).from(t.settings).orderBy(t.settings.key),
    );
    expect(keys).toEqual([{ key: "kept" }, { key: "outer" }]);
  });

  it("left to the commit (tx.last) are committed with the transaction, or undo it when one fails", async () => {
    const kept = await store.data.transaction(async (tx) => {
      tx.last(tx.db.insert(tx.t.settings).values(row("kept", "1")));
      return "answered before its last statement";
    });
    expect(kept).toBe("answered before its last statement");
    await expect(
      store.data.transaction(async (tx) => {
        const { settings } = tx.t;
        await tx.db.insert(settings).values(row("early", "2"));
        tx.last(
          Promise.all([
            tx.db.insert(settings).values(row("late", "3")),
            tx.db.insert(settings).values(row("kept", "again")),
          ]),
        );
      }),
    ).rejects.toThrow();
    const keys = await store.query((db, t) => db.select({ key: t.settings.key }).from(t.settings));
    expect(keys).toEqual([{ key: "kept" }]);
  });

  it("left to a savepoint's end (tx.last) are kept with it, or roll back only the savepoint when one fails", async () => {
    await store.data.transaction(async (outer) => {
      const { settings } = outer.t;
      await store.data.transaction(async (tx) => {
        tx.last(tx.db.insert(settings).values(row("inner kept", "1")));
      });
      await expect(
        store.data.transaction(async (tx) => {
          await tx.db.insert(settings).values(row("inner early", "2"));
          tx.last(tx.db.insert(settings).values(row("inner kept", "again")));
        }),
      ).rejects.toThrow();
      // The outer transaction goes on after the failed savepoint.
      await outer.db.insert(settings).values(row("outer after", "3"));
    });
    const keys = await store.query((db, t) =>
      db.select({ key: t.settings.key }).from(t.settings).orderBy(t.settings.key),
    );
    expect(keys).toEqual([{ key: "inner kept" }, { key: "outer after" }]);
  });

  it("sent ahead (tx.ahead) are waited for before the transaction ends, whichever way it ends", async () => {
    // Two statements one after the other, with a pause between them, sent ahead and never read: the commit waits
    // for both.
    const twoSteps = (tx: Tx, key: string) => async () => {
      await tx.db.select().from(tx.t.settings);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.db.insert(tx.t.settings).values(row(key, "1"));
      return key;
    };
    await store.data.transaction(async (tx) => {
      void tx.ahead(twoSteps(tx, "committed")());
    });
    // The work throws before reading it: it still runs to its end before the rollback, which undoes it.
    await expect(
      store.data.transaction(async (tx) => {
        void tx.ahead(twoSteps(tx, "rolled back")());
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    // Inside a savepoint the same: the savepoint ends after its reads, the transaction goes on.
    await store.data.transaction(async (tx) => {
      await store.data.savepoint(tx, async (sp) => {
        void sp.ahead(twoSteps(sp, "in savepoint")());
      });
      await tx.db.insert(tx.t.settings).values(row("after savepoint", "1"));
    });
    const keys = await store.query((db, t) =>
      db.select({ key: t.settings.key }).from(t.settings).orderBy(t.settings.key),
    );
    expect(keys).toEqual([{ key: "after savepoint" }, { key: "committed" }, { key: "in savepoint" }]);
  });

  it("sent ahead give the work their answers, and a failure the work never read does not fail the commit", async () => {
    const answer = await store.data.transaction(async (tx) => {
      const read = tx.ahead(tx.db.select({ key: tx.t.settings.key }).from(tx.t.settings));
      void tx.ahead(Promise.reject(new Error("not read")));
      await tx.db.insert(tx.t.settings).values(row("written", "1"));
      return read;
    });
    expect(answer).toEqual([]);
    await expect(
      store.data.transaction(async (tx) => {
        const failing = tx.ahead(Promise.reject(new Error("read")));
        await tx.db.insert(tx.t.settings).values(row("undone", "1"));
        await failing;
      }),
    ).rejects.toThrow("read");
    expect(await store.query((db, t) => db.select({ key: t.settings.key }).from(t.settings))).toEqual([
      { key: "written" },
    ]);
  });

  it.runIf(TEST_ON_POSTGRES)("leave in one write to PostgreSQL, with the transaction's BEGIN", async () => {
    let writes = 0;
    await store.data.transaction(async (tx) => {
      const socket = (tx.connection as { connection: { stream: Writable } }).connection.stream;
      const send = { write: socket._write, writev: socket._writev };
      socket._write = (...args) => (writes++, Reflect.apply(send.write, socket, args));
      socket._writev = (...args) => (writes++, Reflect.apply(send.writev ?? send.write, socket, args));
      try {
        // BEGIN is already corked in the socket (not yet counted): it leaves with these three.
        const { settings } = tx.t;
        await Promise.all([
          tx.db.insert(settings).values(row("a", "1")),
          tx.db.insert(settings).values(row("b", "2")),
          tx.db.select().from(settings),
        ]);
        expect(writes).toBe(1);
        await tx.db.select().from(settings);
        expect(writes).toBe(2);
      } finally {
        socket._write = send.write;
        socket._writev = send.writev;
      }
    });
  });

  it.runIf(TEST_ON_POSTGRES)("left to the commit leave in one write to PostgreSQL with the COMMIT", async () => {
    let writes = 0;
    let restore = (): void => undefined;
    await store.data.transaction(async (tx) => {
      const socket = (tx.connection as { connection: { stream: Writable } }).connection.stream;
      await tx.db.select().from(tx.t.settings);
      const send = { write: socket._write, writev: socket._writev };
      socket._write = (...args) => (writes++, Reflect.apply(send.write, socket, args));
      socket._writev = (...args) => (writes++, Reflect.apply(send.writev ?? send.write, socket, args));
      restore = () => {
        socket._write = send.write;
        socket._writev = send.writev;
      };
      tx.last(
        Promise.all([
          tx.db.insert(tx.t.settings).values(row("a", "1")),
          tx.db.insert(tx.t.settings).values(row("b", "2")),
        ]),
      );
    });
    restore();
    expect(writes).toBe(1);
    expect(
      await store.query((db, t) => db.select({ key: t.settings.key }).from(t.settings).orderBy(t.settings.key)),
    ).toEqual([{ key: "a" }, { key: "b" }]);
  });
});
