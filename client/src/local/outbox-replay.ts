/** The admin outbox's replay (docs/decisions.md D17), shared by the console page and the service worker: both send
 * the same IndexedDB queue, in order per entity, each edit with the idempotency key and base version it was queued
 * with. One replay runs at a time across every tab and the worker (a Web Lock, or a claim row in IndexedDB where the
 * browser has no Web Locks), and a sent edit is deleted before the lock is let go, so no edit goes out twice. */
import type { EntityTable } from "dexie";
import { AdminApiError, AdminNetworkError, type AdminClient } from "../api/admin-client.ts";
import type { AdminOutboxRow, MetaRow, OutboxTable } from "./db.ts";
import { editConflictSchema, type VersionedCopy } from "@store/shared/schemas/conflict";
import { isRecord } from "@store/shared/is-record";

export interface ReplayResult {
  sent: number;
  conflicts: number;
  failed: number;
  /** Why the run stopped early, if it did. */
  stopped?: "offline" | "unauthorized" | "server";
}

export type MetaTable = EntityTable<MetaRow, "key">;

export type ReplayClient = Pick<AdminClient, "replay" | "get">;

/** The Background Sync tag the console registers when it queues an edit; the service worker replays on it. */
export const OUTBOX_SYNC_TAG = "admin-outbox";
/** Messages between the console and the service worker about the queue. */
export const OUTBOX_REPLAY_MESSAGE = "admin-outbox-replay";
export const OUTBOX_REPLAYED_MESSAGE = "admin-outbox-replayed";
/** Meta row set when a background replay met a 401: the console asks for sign-in when it next opens. */
export const OUTBOX_NEEDS_SIGN_IN = "adminOutboxNeedsSignIn";
/** Meta row holding the replay claim where the browser has no Web Locks. */
export const OUTBOX_CLAIM = "adminOutboxClaim";
const LOCK_NAME = "admin-outbox-replay";
/** A claim older than this is taken as abandoned (its tab or worker was killed mid-run). */
export const CLAIM_TTL_MS = 60_000;

export const NOTHING_SENT: ReplayResult = { sent: 0, conflicts: 0, failed: 0 };

/** The server's copy a 409 carried when it is an edit conflict (the shared schema's body); none for another 409
 * (a reused idempotency key, a name taken) or a conflict about an entity that is gone. */
export function conflictCopy(body: unknown): VersionedCopy | undefined {
  const conflict = editConflictSchema.safeParse(body);
  return conflict.success ? (conflict.data.current ?? undefined) : undefined;
}

/** Edits of one entity stay in order: one blocked (conflict, failed) holds back the later ones. */
function orderKey(row: AdminOutboxRow): string {
  return row.entity ? `${row.entity}:${row.entityId ?? ""}` : `${row.method} ${row.path}`;
}

/** Sends every queued edit once, in id order; `onSent` runs after each edit the server took. Call it under
 * withReplayLock. */
export async function replayQueue(
  table: OutboxTable,
  client: ReplayClient,
  onSent: () => void = () => undefined,
): Promise<ReplayResult> {
  const result: ReplayResult = { ...NOTHING_SENT };
  const blocked = new Set<string>();
  const rows = await table.orderBy("id").toArray();
  for (const row of rows) {
    const key = orderKey(row);
    if (row.id === undefined) continue;
    if (row.status === "conflict" || row.status === "failed") {
      blocked.add(key);
      continue;
    }
    if (blocked.has(key)) continue;
    // Read again as it is marked: another run may have sent it after this one read the queue (a claim that
    // expired), or the operator changed it since (a product created offline, edited again): send what is there now.
    const current = await markSending(table, row.id);
    if (!current) continue;
    try {
      await client.replay(current.method, current.path, current.body, current.idempotencyKey);
      await table.delete(row.id);
      result.sent++;
      onSent();
    } catch (err) {
      const status = err instanceof AdminApiError ? err.status : -1;
      const message = err instanceof Error ? err.message : String(err);
      // The refusal's code and parameters, so the pending-changes view says it in the operator's language.
      const refusal =
        err instanceof AdminApiError
          ? {
              ...(err.code !== undefined ? { code: err.code } : {}),
              ...(err.params ? { params: err.params } : {}),
              ...(err.fieldCodes ? { fieldCodes: err.fieldCodes } : {}),
            }
          : {};
      if (err instanceof AdminNetworkError || status === -1) {
        await table.update(row.id, { status: "pending" });
        result.stopped = "offline";
        return result;
      }
      if (status === 401) {
        await table.update(row.id, { status: "pending" });
        result.stopped = "unauthorized";
        return result;
      }
      if (status === 409) {
        // The server's copy and its version: the operator sees both versions before choosing, and "Keep mine" sends
        // over that version.
        const serverCopy = err instanceof AdminApiError ? conflictCopy(err.body) : undefined;
        await table.update(row.id, {
          status: "conflict",
          error: message,
          refusal,
          ...(serverCopy ? { serverVersion: serverCopy.version, serverCopy } : {}),
        });
        blocked.add(key);
        result.conflicts++;
        continue;
      }
      if (status >= 500 || status === 408 || status === 429) {
        await table.update(row.id, { status: "pending", error: message, refusal });
        result.stopped = "server";
        return result;
      }
      await table.update(row.id, { status: "failed", error: message, refusal });
      blocked.add(key);
      result.failed++;
    }
  }
  return result;
}

/** Marks a queued edit as being sent and returns it as it is now; undefined when it is gone or waits on the operator. */
async function markSending(table: OutboxTable, id: number): Promise<AdminOutboxRow | undefined> {
  return table.db.transaction("rw", table, async () => {
    const row = await table.get(id);
    if (!row || row.status === "conflict" || row.status === "failed") return undefined;
    await table.update(id, { status: "sending" });
    return row;
  });
}

function newOwner(): string {
  return typeof crypto !== "undefined" && typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Takes the claim row if nobody holds a live one; true when this owner now holds it. */
export async function claimReplay(meta: MetaTable, owner: string, now = Date.now()): Promise<boolean> {
  return meta.db.transaction("rw", meta, async () => {
    const row = await meta.get(OUTBOX_CLAIM);
    const held = isRecord(row?.value) ? row.value : undefined;
    if (held && held.owner !== owner && typeof held.until === "number" && held.until > now) return false;
    await meta.put({ key: OUTBOX_CLAIM, value: { owner, until: now + CLAIM_TTL_MS } });
    return true;
  });
}

export async function releaseReplay(meta: MetaTable, owner: string): Promise<void> {
  await meta.db.transaction("rw", meta, async () => {
    const row = await meta.get(OUTBOX_CLAIM);
    if (isRecord(row?.value) && row.value.owner === owner) await meta.delete(OUTBOX_CLAIM);
  });
}

export interface LockOptions {
  /** Wait for a run elsewhere to end (the service worker) instead of giving up at once (a page). */
  wait: boolean;
  /** Where to keep the claim when the browser has no Web Locks; no exclusion at all without it (tests). */
  meta?: MetaTable;
  /** Use navigator.locks when the browser has it (default true). */
  useLocks?: boolean;
}

/** Runs `fn` as the only replay of the queue; without the lock (held elsewhere, not waiting) nothing is sent. */
export async function withReplayLock(fn: () => Promise<ReplayResult>, options: LockOptions): Promise<ReplayResult> {
  const locks = options.useLocks !== false && typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (locks) {
    if (options.wait) return locks.request(LOCK_NAME, fn);
    return locks.request(LOCK_NAME, { ifAvailable: true }, (lock) => (lock ? fn() : { ...NOTHING_SENT }));
  }
  const meta = options.meta;
  if (!meta) return fn();
  const owner = newOwner();
  for (let attempt = 0; !(await claimReplay(meta, owner)); attempt++) {
    if (!options.wait || attempt >= 60) return { ...NOTHING_SENT };
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  try {
    return await fn();
  } finally {
    await releaseReplay(meta, owner);
  }
}

/** Asks the browser for a Background Sync, so the service worker sends the queue even with the console closed.
 * False where there is none (Firefox, Safari): the page's own replay carries the queue there. */
export async function requestBackgroundSync(): Promise<boolean> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return false;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const sync = (registration as (ServiceWorkerRegistration & { sync?: SyncManagerLike }) | undefined)?.sync;
    if (!sync) return false;
    await sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}
