/** Dashboard read-outs kept on the device: each successful read is stored in the local database's meta table,
 * and a read that cannot reach the server answers with the last stored value and when it was read, so an
 * offline operator sees the last known numbers (marked as such) instead of zeros. */
import type { EntityTable } from "dexie";
import type { z } from "zod";
import { AdminNetworkError } from "../../../api/admin-client.ts";
import type { MetaRow } from "../../../local/db.ts";

export interface Known<T> {
  value: T;
  /** When the value was read from the server (ms since epoch). */
  at: number;
  /** True when the server could not be reached and this is the last stored value. */
  lastKnown: boolean;
}

export interface LastKnownDeps {
  table: EntityTable<MetaRow, "key">;
  now?: () => number;
}

export function createLastKnown({ table, now = Date.now }: LastKnownDeps) {
  async function recall<T>(key: string, schema: z.ZodType<T>): Promise<Known<T> | undefined> {
    const row = await table.get(key);
    const stored = row?.value;
    if (typeof stored !== "object" || stored === null || !("at" in stored) || typeof stored.at !== "number")
      return undefined;
    const parsed = schema.safeParse("value" in stored ? stored.value : undefined);
    return parsed.success ? { value: parsed.data, at: stored.at, lastKnown: true } : undefined;
  }

  return {
    /** Reads from the server (`fetcher` answers the value its endpoint's schema accepted) and stores the answer;
     * offline, the stored answer, read again with `schema`. Other failures are thrown. */
    async read<T>(key: string, schema: z.ZodType<T>, fetcher: () => Promise<T>): Promise<Known<T>> {
      let value: T;
      try {
        value = await fetcher();
      } catch (err) {
        if (!(err instanceof AdminNetworkError)) throw err;
        const known = await recall(key, schema).catch(() => undefined);
        if (!known) throw err;
        return known;
      }
      const at = now();
      // A full or blocked local database must not hide fresh numbers.
      await table.put({ key, value: { value, at } }).catch(() => undefined);
      return { value, at, lastKnown: false };
    },
    /** Forgets the stored values (sign-out: the next operator must not see them). */
    async forget(keys: readonly string[]): Promise<void> {
      await table.bulkDelete([...keys]);
    },
  };
}
