/** Every uploads query; each method takes the transaction it runs in. Exports: UploadsRepo with
 * insert(rows) (a name already stored is left as it is) and get(name). */
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/data.ts";

export interface StoredImage {
  name: string;
  contentType: string;
  bytes: Buffer;
  createdAt: number;
}

export class UploadsRepo {
  async insert(tx: Tx, rows: StoredImage[]): Promise<void> {
    if (rows.length === 0) return;
    const { uploads } = tx.t;
    await tx.db
      .insert(uploads)
      .values(rows)
      .onConflictDoNothing({ target: uploads.name })
      .returning({ name: uploads.name });
  }

  async get(tx: Tx, name: string): Promise<StoredImage | undefined> {
    const { uploads } = tx.t;
    return (await tx.db.select().from(uploads).where(eq(uploads.name, name)))[0];
  }
}
