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

/** A field's value as the newest queued edit of an entity sets it, if it sets that field. */
function pendingField(pending: PendingEdits, id: string, field: string): unknown {
  const row = pending.latest.get(id);
  if (!row || row.method !== "PUT" || typeof row.body !== "object" || row.body === null) return undefined;
  return (row.body as Record<string, unknown>)[field];
}

/** The `active` flag a queued edit sets, if it sets one. */
export function pendingActive(pending: PendingEdits, id: string): boolean | undefined {
  const active = pendingField(pending, id, "active");
  return typeof active === "boolean" ? active : undefined;
}

/** The `position` a queued edit sets (a banner moved while offline), if it sets one. */
export function pendingPosition(pending: PendingEdits, id: string): number | undefined {
  const position = pendingField(pending, id, "position");
  return typeof position === "number" ? position : undefined;
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
