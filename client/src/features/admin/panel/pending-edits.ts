/** Admin edits waiting in the offline outbox (docs/decisions.md D17), per entity,
 * so the panels can mark them as pending. */
import { useLiveQuery } from "dexie-react-hooks";
import { db, type AdminOutboxRow } from "../../../local/db.ts";

export interface PendingEdits {
  /** Entity id -> the state of its newest queued edit. */
  byId: Map<string, AdminOutboxRow["status"]>;
  /** Queued creations (no id yet on the server), with their labels. */
  creations: AdminOutboxRow[];
  /** Entity id -> the newest queued change, so a switch shows the state it was set to while it waits. */
  latest: Map<string, AdminOutboxRow>;
}

const NONE: PendingEdits = { byId: new Map(), creations: [], latest: new Map() };

/** The `active` flag a queued edit sets, if it sets one. */
export function pendingActive(pending: PendingEdits, id: string): boolean | undefined {
  const row = pending.latest.get(id);
  if (!row || row.method !== "PUT" || typeof row.body !== "object" || row.body === null) return undefined;
  const active: unknown = (row.body as Record<string, unknown>).active;
  return typeof active === "boolean" ? active : undefined;
}

export function pendingEditsOf(rows: readonly AdminOutboxRow[], entity: string): PendingEdits {
  const byId = new Map<string, AdminOutboxRow["status"]>();
  const creations: AdminOutboxRow[] = [];
  const latest = new Map<string, AdminOutboxRow>();
  for (const row of [...rows].sort((a, b) => (a.id ?? 0) - (b.id ?? 0))) {
    if (row.entity !== entity) continue;
    if (row.entityId) {
      byId.set(row.entityId, row.status);
      latest.set(row.entityId, row);
    } else if (row.method === "POST") creations.push(row);
  }
  return { byId, creations, latest };
}

export function usePendingEdits(entity: string): PendingEdits {
  return useLiveQuery(async () => pendingEditsOf(await db.adminOutbox.toArray(), entity), [entity]) ?? NONE;
}
