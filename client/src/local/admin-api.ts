/** The console's API client (api/admin-client.ts), its offline edits queued in this device's outbox: the IndexedDB
 * table the outbox replays (admin-outbox.ts, outbox-replay.ts, and the service worker). */
import { createAdminClient, type AdminClient, type OutboxSink } from "../api/admin-client.ts";
import { db, type OutboxTable } from "./db.ts";

/** Queues an edit in `table`, waiting to be sent. */
export function outboxSink(table: OutboxTable): OutboxSink {
  return async (edit) => (await table.add({ ...edit, status: "pending" })) ?? 0;
}

export const adminApi: AdminClient = createAdminClient({ outbox: outboxSink(db.adminOutbox) });
