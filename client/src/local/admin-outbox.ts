/** The admin outbox (docs/decisions.md D17): edits made offline wait in IndexedDB and are replayed in order, with the
 * idempotency key they were queued with, on reconnect, on app start, after sign-in and on a timer.
 * A 409 becomes a conflict the operator resolves (keep mine / keep theirs); a 401 pauses the queue until
 * the next sign-in; nothing is dropped without the operator's say. */
import { useSyncExternalStore } from "react";
import { useLiveQuery } from "dexie-react-hooks";
import { ADMIN_SIGNED_IN_EVENT, OUTBOX_CHANGED_EVENT } from "../api/admin-client.ts";
import { adminApi } from "./admin-api.ts";
import { db, type AdminOutboxRow, type OutboxTable } from "./db.ts";
import {
  NOTHING_SENT,
  OUTBOX_NEEDS_SIGN_IN,
  OUTBOX_REPLAYED_MESSAGE,
  replayQueue,
  requestBackgroundSync,
  withReplayLock,
  type MetaTable,
  type ReplayClient,
  type ReplayResult,
} from "./outbox-replay.ts";
import { isRecord } from "@store/shared/is-record";
import { versionedCopySchema } from "@store/shared/schemas/conflict";
import { newKey } from "@store/shared/new-key";

export { type ReplayResult } from "./outbox-replay.ts";

export interface OutboxState {
  paused: boolean;
  replaying: boolean;
  /** Grows each time a queued edit reaches the server: screens reload their data when it changes. */
  applied: number;
}

export interface OutboxDeps {
  table: OutboxTable;
  client: ReplayClient;
  newKey?: () => string;
  /** Use the Web Locks API (or, without it, a claim in `meta`) so tabs and the service worker never replay at once
   * (off in tests). */
  useLocks?: boolean;
  /** Where the claim and the "sign in to send" mark are kept; none in tests. */
  meta?: MetaTable;
}

const REPLAY_INTERVAL_MS = 30_000;

export function createOutbox(deps: OutboxDeps) {
  const { table, client } = deps;
  const makeKey = deps.newKey ?? newKey;
  let state: OutboxState = { paused: false, replaying: false, applied: 0 };
  let running: Promise<ReplayResult> | null = null;
  const listeners = new Set<() => void>();
  const lockMeta = deps.useLocks && deps.meta ? { meta: deps.meta } : {};
  const replayListeners = new Set<(result: ReplayResult) => void>();

  function setState(patch: Partial<OutboxState>): void {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  }

  function run(): Promise<ReplayResult> {
    return replayQueue(table, client, () => setState({ applied: state.applied + 1 }));
  }

  async function markSignIn(needed: boolean): Promise<void> {
    if (!deps.meta) return;
    if (needed) await deps.meta.put({ key: OUTBOX_NEEDS_SIGN_IN, value: true });
    else await deps.meta.delete(OUTBOX_NEEDS_SIGN_IN);
  }

  /** Sends every pending edit in order; concurrent calls share one run. Does nothing while paused. */
  function replay(): Promise<ReplayResult> {
    if (state.paused) return Promise.resolve({ ...NOTHING_SENT, stopped: "unauthorized" });
    if (running) return running;
    setState({ replaying: true });
    const p = withReplayLock(run, { wait: false, useLocks: deps.useLocks === true, ...lockMeta })
      .then(async (result) => {
        if (result.stopped === "unauthorized") {
          setState({ paused: true });
          await markSignIn(true).catch(() => undefined);
        }
        // Still waiting for the network or the server: the service worker takes over if the page closes.
        if (result.stopped === "offline" || result.stopped === "server") void requestBackgroundSync();
        for (const l of replayListeners) l(result);
        return result;
      })
      .finally(() => {
        running = null;
        setState({ replaying: false });
      });
    running = p;
    return p;
  }

  /** Re-sends my edit over the server's current version, under a new key (the body changed). */
  async function keepMine(id: number): Promise<ReplayResult> {
    const row = await table.get(id);
    if (!row) return { ...NOTHING_SENT };
    let version = row.serverVersion;
    if (version === undefined && (row.method === "PUT" || row.method === "PATCH")) {
      try {
        const current = versionedCopySchema.safeParse(
          await client.get<unknown>(row.path, { redirectOnUnauthorized: false }),
        );
        version = current.success ? current.data.version : undefined;
      } catch {
        version = undefined;
      }
    }
    const body = version !== undefined && isRecord(row.body) ? { ...row.body, version } : row.body;
    const next: AdminOutboxRow = {
      ...row,
      body,
      baseVersion: version ?? row.baseVersion,
      idempotencyKey: makeKey(),
      status: "pending",
    };
    delete next.error;
    delete next.serverVersion;
    delete next.serverCopy;
    await table.put(next);
    return replay();
  }

  /** Drops my queued edit: the server's version stands. */
  async function keepTheirs(id: number): Promise<void> {
    await table.delete(id);
    setState({ applied: state.applied + 1 });
  }

  /** Changes an edit that has not reached the server yet (a product created offline, edited again offline). It keeps
   * its idempotency key: should an earlier attempt have reached the server after all, the replay meets a 409 (another
   * body under the same key) and the operator chooses, rather than the product being created twice. False when the
   * edit is being sent right now, or is gone (it reached the server). */
  async function editQueued(id: number, body: unknown, label?: string): Promise<boolean> {
    const changed = await table.db.transaction("rw", table, async () => {
      const row = await table.get(id);
      if (!row || row.status === "sending") return false;
      const next: AdminOutboxRow = { ...row, body, status: "pending", ...(label !== undefined ? { label } : {}) };
      delete next.error;
      delete next.refusal;
      await table.put(next);
      return true;
    });
    if (changed && typeof window !== "undefined") window.dispatchEvent(new Event(OUTBOX_CHANGED_EVENT));
    return changed;
  }

  /** Tries a failed edit again as it is. */
  async function retry(id: number): Promise<ReplayResult> {
    await table.update(id, { status: "pending" });
    return replay();
  }

  /** After a sign-in: the queue runs again. */
  async function resume(): Promise<ReplayResult> {
    setState({ paused: false });
    await markSignIn(false).catch(() => undefined);
    return replay();
  }

  /** An edit was sent elsewhere (the service worker): screens reload. */
  function noteApplied(sent: number): void {
    if (sent > 0) setState({ applied: state.applied + sent });
  }

  /** Wires replay to reconnects, sign-ins, new queued edits and a timer; returns the teardown. */
  function start(intervalMs = REPLAY_INTERVAL_MS): () => void {
    if (typeof window === "undefined") return () => undefined;
    const kick = () => {
      if (navigator.onLine !== false) void replay().catch(() => undefined);
    };
    const onSignedIn = () => void resume().catch(() => undefined);
    // A new queued edit: the service worker is asked to carry it too, in case the console closes before it is sent.
    const onQueued = () => {
      void requestBackgroundSync();
      kick();
    };
    const onWorkerMessage = (event: MessageEvent<unknown>) => {
      const data = event.data;
      if (!isRecord(data) || data.type !== OUTBOX_REPLAYED_MESSAGE || typeof data.sent !== "number") return;
      noteApplied(data.sent);
      // Edits the service worker sent are announced like the page's own (the console says what reached the server).
      if (data.sent > 0) for (const l of replayListeners) l({ ...NOTHING_SENT, sent: data.sent });
    };
    const worker = "serviceWorker" in navigator ? navigator.serviceWorker : undefined;
    worker?.addEventListener("message", onWorkerMessage);
    window.addEventListener("online", kick);
    window.addEventListener(OUTBOX_CHANGED_EVENT, onQueued);
    window.addEventListener(ADMIN_SIGNED_IN_EVENT, onSignedIn);
    const timer = window.setInterval(() => {
      void table
        .count()
        .then((n) => {
          if (n > 0) kick();
        })
        .catch(() => undefined);
    }, intervalMs);
    kick();
    return () => {
      window.removeEventListener("online", kick);
      window.removeEventListener(OUTBOX_CHANGED_EVENT, onQueued);
      worker?.removeEventListener("message", onWorkerMessage);
      window.removeEventListener(ADMIN_SIGNED_IN_EVENT, onSignedIn);
      window.clearInterval(timer);
    };
  }

  return {
    replay,
    keepMine,
    keepTheirs,
    discard: keepTheirs,
    retry,
    editQueued,
    resume,
    start,
    noteApplied,
    getState: (): OutboxState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Called after each replay run with what it did (the console announces edits that reached the server). */
    onReplayed(listener: (result: ReplayResult) => void): () => void {
      replayListeners.add(listener);
      return () => replayListeners.delete(listener);
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;

export const adminOutbox: Outbox = createOutbox({
  table: db.adminOutbox,
  client: adminApi,
  useLocks: true,
  meta: db.meta,
});

const NO_ROWS: AdminOutboxRow[] = [];

/** The queued edits and the queue's state, live. */
export function useOutbox() {
  const rows = useLiveQuery(() => db.adminOutbox.orderBy("id").toArray(), [], NO_ROWS);
  const state = useSyncExternalStore(adminOutbox.subscribe, adminOutbox.getState, adminOutbox.getState);
  const needsSignIn = useNeedsSignIn();
  return {
    rows,
    count: rows.length,
    conflicts: rows.filter((r) => r.status === "conflict"),
    ...state,
    // A background replay met an expired session: the same "sign in again" as the page's own 401.
    paused: state.paused || needsSignIn,
    replayNow: adminOutbox.replay,
    keepMine: adminOutbox.keepMine,
    keepTheirs: adminOutbox.keepTheirs,
    discard: adminOutbox.discard,
    retry: adminOutbox.retry,
  };
}

/** True when a replay (the page's or the service worker's, maybe with the console closed) met an expired session:
 * the console asks the operator to sign in so the queue can drain. */
function useNeedsSignIn(): boolean {
  return useLiveQuery(async () => (await db.meta.get(OUTBOX_NEEDS_SIGN_IN))?.value === true, [], false);
}
