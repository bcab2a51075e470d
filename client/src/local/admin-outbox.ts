/** The admin outbox (docs/decisions.md D17): edits made offline wait in IndexedDB and are replayed in order, with the
 * idempotency key they were queued with, on reconnect, on app start, after sign-in and on a timer.
 * A 409 becomes a conflict the operator resolves (keep mine / keep theirs); a 401 pauses the queue until
 * the next sign-in; nothing is dropped without the operator's say. */
import { useSyncExternalStore } from "react";
import { useLiveQuery } from "dexie-react-hooks";
import {
  ADMIN_SIGNED_IN_EVENT,
  AdminApiError,
  AdminNetworkError,
  OUTBOX_CHANGED_EVENT,
  adminApi,
  type AdminClient,
  type OutboxTable,
} from "../api/admin-client.ts";
import { db, type AdminOutboxRow } from "./db.ts";

export interface OutboxState {
  paused: boolean;
  replaying: boolean;
  /** Grows each time a queued edit reaches the server: screens reload their data when it changes. */
  applied: number;
}

export interface ReplayResult {
  sent: number;
  conflicts: number;
  failed: number;
  /** Why the run stopped early, if it did. */
  stopped?: "offline" | "unauthorized" | "server";
}

export interface OutboxDeps {
  table: OutboxTable;
  client: Pick<AdminClient, "replay" | "get">;
  newKey?: () => string;
  /** Use the Web Locks API so two tabs do not replay at once (off in tests). */
  useLocks?: boolean;
}

export const REPLAY_INTERVAL_MS = 30_000;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The server's current version from a 409 body or an entity: version, currentVersion, or a nested entity's version. */
export function versionFrom(body: unknown): number | undefined {
  if (!isRecord(body)) return undefined;
  for (const k of ["currentVersion", "serverVersion", "version"]) {
    const v = body[k];
    if (typeof v === "number" && Number.isInteger(v)) return v;
  }
  for (const v of Object.values(body)) {
    if (isRecord(v) && typeof v.version === "number" && Number.isInteger(v.version)) return v.version;
  }
  return undefined;
}

/** Edits of one entity stay in order: one blocked (conflict, failed) holds back the later ones. */
function orderKey(row: AdminOutboxRow): string {
  return row.entity ? `${row.entity}:${row.entityId ?? ""}` : `${row.method} ${row.path}`;
}

function newKey(): string {
  return typeof crypto !== "undefined" && typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export function createOutbox(deps: OutboxDeps) {
  const { table, client } = deps;
  const makeKey = deps.newKey ?? newKey;
  let state: OutboxState = { paused: false, replaying: false, applied: 0 };
  let running: Promise<ReplayResult> | null = null;
  const listeners = new Set<() => void>();
  const replayListeners = new Set<(result: ReplayResult) => void>();

  function setState(patch: Partial<OutboxState>): void {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  }

  async function run(): Promise<ReplayResult> {
    const result: ReplayResult = { sent: 0, conflicts: 0, failed: 0 };
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
      await table.update(row.id, { status: "sending" });
      try {
        await client.replay(row.method, row.path, row.body, row.idempotencyKey);
        await table.delete(row.id);
        result.sent++;
        setState({ applied: state.applied + 1 });
      } catch (err) {
        const status = err instanceof AdminApiError ? err.status : -1;
        const message = err instanceof Error ? err.message : String(err);
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
          setState({ paused: true });
          result.stopped = "unauthorized";
          return result;
        }
        if (status === 409) {
          const serverVersion = err instanceof AdminApiError ? versionFrom(err.body) : undefined;
          await table.update(row.id, {
            status: "conflict",
            error: message,
            refusal,
            ...(serverVersion !== undefined ? { serverVersion } : {}),
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

  function withLock(fn: () => Promise<ReplayResult>): Promise<ReplayResult> {
    const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
    if (!deps.useLocks || !locks) return fn();
    return locks.request("admin-outbox-replay", { ifAvailable: true }, async (lock) =>
      lock ? fn() : { sent: 0, conflicts: 0, failed: 0 },
    );
  }

  /** Sends every pending edit in order; concurrent calls share one run. Does nothing while paused. */
  function replay(): Promise<ReplayResult> {
    if (state.paused) return Promise.resolve({ sent: 0, conflicts: 0, failed: 0, stopped: "unauthorized" });
    if (running) return running;
    setState({ replaying: true });
    const p = withLock(run)
      .then((result) => {
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
    if (!row) return { sent: 0, conflicts: 0, failed: 0 };
    let version = row.serverVersion;
    if (version === undefined && (row.method === "PUT" || row.method === "PATCH")) {
      try {
        version = versionFrom({ current: await client.get<unknown>(row.path, { redirectOnUnauthorized: false }) });
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
    await table.put(next);
    return replay();
  }

  /** Drops my queued edit: the server's version stands. */
  async function keepTheirs(id: number): Promise<void> {
    await table.delete(id);
    setState({ applied: state.applied + 1 });
  }

  /** Tries a failed edit again as it is. */
  async function retry(id: number): Promise<ReplayResult> {
    await table.update(id, { status: "pending" });
    return replay();
  }

  /** After a sign-in: the queue runs again. */
  function resume(): Promise<ReplayResult> {
    setState({ paused: false });
    return replay();
  }

  /** Wires replay to reconnects, sign-ins, new queued edits and a timer; returns the teardown. */
  function start(intervalMs = REPLAY_INTERVAL_MS): () => void {
    if (typeof window === "undefined") return () => undefined;
    const kick = () => {
      if (navigator.onLine !== false) void replay().catch(() => undefined);
    };
    const onSignedIn = () => void resume().catch(() => undefined);
    window.addEventListener("online", kick);
    window.addEventListener(OUTBOX_CHANGED_EVENT, kick);
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
      window.removeEventListener(OUTBOX_CHANGED_EVENT, kick);
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
    resume,
    start,
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

export const adminOutbox: Outbox = createOutbox({ table: db.adminOutbox, client: adminApi, useLocks: true });

const NO_ROWS: AdminOutboxRow[] = [];

/** The queued edits and the queue's state, live. */
export function useOutbox() {
  const rows = useLiveQuery(() => db.adminOutbox.orderBy("id").toArray(), [], NO_ROWS);
  const state = useSyncExternalStore(adminOutbox.subscribe, adminOutbox.getState, adminOutbox.getState);
  return {
    rows,
    count: rows.length,
    conflicts: rows.filter((r) => r.status === "conflict"),
    ...state,
    replayNow: adminOutbox.replay,
    keepMine: adminOutbox.keepMine,
    keepTheirs: adminOutbox.keepTheirs,
    discard: adminOutbox.discard,
    retry: adminOutbox.retry,
  };
}
