/** Named placeholders for every given column, to build prepared inserts on hot paths (one statement
 * compiled once instead of per request). */
import { sql, type Placeholder } from "drizzle-orm";

export function placeholders<K extends string>(keys: readonly K[]): Record<K, Placeholder<K>> {
  const out = {} as Record<K, Placeholder<K>>;
  for (const key of keys) out[key] = sql.placeholder(key);
  return out;
}
