/** The admin API client (docs/decisions.md D3, D17): JSON over fetch with the session cookie, the session's CSRF token
 * on every state-changing call, an Idempotency-Key on every mutation, and offline queueing into the Dexie outbox.
 *
 * The console calls the store through `call(endpoint, { params, body }, options)`: each call is an Endpoint of
 * api/admin-endpoints.ts (its method, its path built from typed parameters, the schema its answer must match), so no
 * screen builds a path or parses an answer. `get` and `send` take a path already built: the outbox replays an edit
 * by the method and path it was stored with. A path not starting with "/api/" is taken as relative to /api/admin
 * ("products" -> "/api/admin/products").
 *
 * Errors: every failure rejects with an AdminApiError (status, message, fields, body). A network failure is an
 * AdminNetworkError (status 0); a 2xx answer the endpoint's schema refuses is an AdminShapeError (its status). An edit queued offline rejects with AdminQueuedError: it is not lost, it sits in the
 * outbox and is replayed later — show it as "saved offline", not as a failure (see isQueued()).
 *
 * The client keeps no queue itself: it hands an edit to the outbox it is given (OutboxSink), which the console's
 * client gets from local/admin-api.ts (the outbox's IndexedDB table); without one, offline edits are not queued. */
import type { AdminSession, LoginResponse } from "@store/shared/schemas/admin";
import { codedErrorSchema, type CodedError, type ErrorParams } from "@store/shared/schemas/error-codes";
import { isRecord } from "@store/shared/is-record";
import { newKey } from "@store/shared/new-key";
import type { Endpoint } from "./endpoint.ts";

export type MutationMethod = "POST" | "PUT" | "PATCH" | "DELETE";

export interface QueueOfflineOptions {
  /** What is edited, in the shop's words: "product", "category", "settings.rate"... */
  entity: string;
  entityId?: string;
  /** The entity version the edit was made against; sent as `version` in the body (409 when stale). */
  baseVersion?: number;
  /** Shown in the pending-changes panel, e.g. "Daily rate: 3.4". Already translated by the caller. */
  label: string;
}

export interface SendOptions {
  queueOffline?: QueueOfflineOptions;
  /** Reuse a key (the outbox replays with the key the edit was queued with); a fresh one otherwise. */
  idempotencyKey?: string;
  /** Queue without trying the network: the later parts of a change whose first part was queued, kept behind it. */
  queueOnly?: boolean;
  /** Default true: a 401 sends the operator to /admin/login. The session probe and replays pass false. */
  redirectOnUnauthorized?: boolean;
}

export class AdminApiError extends Error {
  readonly status: number;
  readonly fields?: Record<string, string>;
  /** The refusal's stable code and parameters, and each field's (docs/decisions.md D29). */
  readonly code?: string;
  readonly params?: ErrorParams;
  readonly fieldCodes?: Record<string, CodedError>;
  readonly body: unknown;
  constructor(status: number, message: string, body: unknown, fields?: Record<string, string>) {
    super(message);
    this.name = "AdminApiError";
    this.status = status;
    this.body = body;
    if (fields) this.fields = fields;
    const coded = codedErrorSchema.safeParse(body);
    if (coded.success) {
      this.code = coded.data.code;
      if (coded.data.params) this.params = coded.data.params;
    }
    if (isRecord(body) && isRecord(body.fieldCodes)) {
      const fieldCodes: Record<string, CodedError> = {};
      for (const [k, v] of Object.entries(body.fieldCodes)) {
        const parsed = codedErrorSchema.safeParse(v);
        if (parsed.success) fieldCodes[k] = parsed.data;
      }
      this.fieldCodes = fieldCodes;
    }
  }
}

/** An answer made on this device, not by the server (status 0). */
abstract class DeviceAnswer extends AdminApiError {
  constructor(name: string, message: string, cause?: unknown) {
    super(0, message, undefined);
    this.name = name;
    if (cause !== undefined) this.cause = cause;
  }
}

/** The request never reached the server (offline, DNS, connection refused). */
export class AdminNetworkError extends DeviceAnswer {
  readonly network = true;
  constructor(cause?: unknown) {
    super("AdminNetworkError", "Network error", cause);
  }
}

/** The store answered 2xx with a body that is not what the endpoint's schema says it answers. */
export class AdminShapeError extends AdminApiError {
  constructor(status: number, body: unknown, what: string, cause?: unknown) {
    super(status, `${what} answered ${status} with a body that does not match its schema`, body);
    this.name = "AdminShapeError";
    if (cause !== undefined) this.cause = cause;
  }
}

/** The edit was stored in the offline outbox and will be replayed when the network returns. */
export class AdminQueuedError extends DeviceAnswer {
  constructor(readonly outboxId: number) {
    super("AdminQueuedError", "Saved offline; it will be sent when the connection returns");
  }
}

/** The edit could not be kept offline: the device has no room left for the site (a QuotaExceededError from IndexedDB).
 * The operator is told so, in their language, instead of a bare "failed" (docs/decisions.md D17). */
export class AdminStorageFullError extends DeviceAnswer {
  readonly storageFull = true;
  constructor(cause?: unknown) {
    super("AdminStorageFullError", "This device is out of storage: the edit could not be saved offline", cause);
  }
}

/** IndexedDB refused a write for lack of room (Dexie passes the DOMException on, or wraps it as `inner`). */
function isQuotaExceeded(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; isRecord(e) || e instanceof Error; depth++) {
    if (depth > 3) return false;
    const name = (e as { name?: unknown }).name;
    if (name === "QuotaExceededError") return true;
    e = (e as { inner?: unknown }).inner;
  }
  return false;
}

export function isStorageFull(err: unknown): err is AdminStorageFullError {
  return err instanceof AdminStorageFullError;
}

export function isQueued(err: unknown): err is AdminQueuedError {
  return err instanceof AdminQueuedError;
}

export function isNetworkError(err: unknown): err is AdminNetworkError {
  return err instanceof AdminNetworkError;
}

/** The admin error rule (docs/product.md, "Errors and messages"): the
 * response's `error` or `message`, else 'Request failed (status)'. */
export function errorFromResponse(status: number, body: unknown): AdminApiError {
  let message = `Request failed (${status})`;
  let fields: Record<string, string> | undefined;
  if (isRecord(body)) {
    if (typeof body.error === "string" && body.error !== "") message = body.error;
    else if (typeof body.message === "string" && body.message !== "") message = body.message;
    if (isRecord(body.fields)) {
      fields = {};
      for (const [k, v] of Object.entries(body.fields)) if (typeof v === "string") fields[k] = v;
    }
  } else if (typeof body === "string" && body.trim() !== "" && body.length < 300 && !body.trimStart().startsWith("<")) {
    message = body.trim();
  }
  return new AdminApiError(status, message, body, fields);
}

export function resolvePath(path: string): string {
  if (path.startsWith("/api/")) return path;
  return `/api/admin/${path.replace(/^\/+/, "")}`;
}

/** The body with `version: baseVersion` added when the caller did not set one. */
export function withVersion(body: unknown, baseVersion: number | undefined): unknown {
  if (baseVersion === undefined || !isRecord(body) || "version" in body) return body;
  return { ...body, version: baseVersion };
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (text === "") return undefined;
  const type = res.headers.get("Content-Type") ?? "";
  if (type.includes("json")) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** An edit handed to the offline outbox: what the replay sends, and what the pending-changes panel says of it. */
export interface QueuedEdit {
  method: MutationMethod;
  path: string;
  body: unknown;
  idempotencyKey: string;
  baseVersion: number | null;
  createdAt: number;
  entity: string;
  entityId?: string;
  label: string;
}

/** Stores an edit in the outbox and answers its id; rejects as IndexedDB does (a full device: QuotaExceededError). */
export type OutboxSink = (edit: QueuedEdit) => Promise<number>;

export interface AdminClientDeps {
  fetch?: typeof fetch;
  /** Where offline edits are queued; without it an edit asking to be queued fails as the network did. */
  outbox?: OutboxSink;
  isOnline?: () => boolean;
  onUnauthorized?: () => void;
  newKey?: () => string;
  now?: () => number;
}

/** An endpoint call's parameters and body, each required exactly when the endpoint has one. */
export type AdminCallInput<P, Req> = ([P] extends [void] ? { params?: undefined } : { params: P }) &
  ([Req] extends [undefined] ? { body?: undefined } : { body: Req });

/** `call`'s arguments after the endpoint: the input may be left out when the endpoint takes neither. */
export type AdminCallArgs<P, Req> = [P] extends [void]
  ? [Req] extends [undefined]
    ? [input?: AdminCallInput<P, Req>, options?: SendOptions]
    : [input: AdminCallInput<P, Req>, options?: SendOptions]
  : [input: AdminCallInput<P, Req>, options?: SendOptions];

export const OUTBOX_CHANGED_EVENT = "admin-outbox-changed";
export const ADMIN_SIGNED_IN_EVENT = "admin-signed-in";

function defaultOnUnauthorized(): void {
  if (typeof window === "undefined") return;
  const p = window.location.pathname;
  if (p.startsWith("/admin") && p !== "/admin/login") window.location.assign("/admin/login");
}

function notify(name: string): void {
  if (typeof window !== "undefined" && typeof window.dispatchEvent === "function")
    window.dispatchEvent(new Event(name));
}

export function createAdminClient(deps: AdminClientDeps = {}) {
  const doFetch: typeof fetch = deps.fetch ?? ((input, init) => fetch(input, init));
  const isOnline = deps.isOnline ?? (() => (typeof navigator === "undefined" ? true : navigator.onLine !== false));
  const makeKey = deps.newKey ?? newKey;
  const now = deps.now ?? Date.now;
  let onUnauthorized = deps.onUnauthorized ?? defaultOnUnauthorized;
  const outbox = deps.outbox;
  let csrfToken: string | null = null;
  let sessionPromise: Promise<AdminSession | null> | null = null;

  async function raw(
    method: string,
    url: string,
    body: unknown,
    headers: Record<string, string>,
    noStore = false,
  ): Promise<{ res: Response; data: unknown }> {
    const init: RequestInit = {
      method,
      credentials: "same-origin",
      headers: { Accept: "application/json", ...headers },
    };
    if (noStore) init.cache = "no-store";
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { ...init.headers, "Content-Type": "application/json" };
    }
    let res: Response;
    try {
      res = await doFetch(url, init);
    } catch (err) {
      throw new AdminNetworkError(err);
    }
    return { res, data: await readBody(res) };
  }

  /** GET /api/admin/session; null without a session (never redirects). Cached until invalidated. */
  function session(refresh = false): Promise<AdminSession | null> {
    if (!refresh && sessionPromise) return sessionPromise;
    const p = (async () => {
      const { res, data } = await raw("GET", "/api/admin/session", undefined, {});
      if (res.status === 401) {
        csrfToken = null;
        return null;
      }
      if (!res.ok) throw errorFromResponse(res.status, data);
      if (!isRecord(data) || typeof data.csrfToken !== "string")
        throw new AdminApiError(res.status, "Invalid session response", data);
      csrfToken = data.csrfToken;
      return { username: String(data.username ?? ""), name: String(data.name ?? ""), csrfToken: data.csrfToken };
    })();
    sessionPromise = p;
    p.catch(() => {
      if (sessionPromise === p) sessionPromise = null;
    });
    return p;
  }

  async function token(refresh: boolean): Promise<string> {
    if (!refresh && csrfToken) return csrfToken;
    const s = await session(true);
    return s?.csrfToken ?? "";
  }

  function unauthorized(redirect: boolean): void {
    csrfToken = null;
    sessionPromise = Promise.resolve(null);
    if (redirect) onUnauthorized();
  }

  /** One read: its status and body (a refusal rejects). */
  async function read(path: string, redirect: boolean, noStore = false): Promise<{ status: number; data: unknown }> {
    const { res, data } = await raw("GET", resolvePath(path), undefined, {}, noStore);
    if (res.status === 401) unauthorized(redirect);
    if (!res.ok) throw errorFromResponse(res.status, data);
    return { status: res.status, data };
  }

  async function get<T>(path: string, options: Pick<SendOptions, "redirectOnUnauthorized"> = {}): Promise<T> {
    return (await read(path, options.redirectOnUnauthorized !== false)).data as T;
  }

  /** One mutation, online: CSRF token (refreshed once on 403), the given idempotency key. */
  async function mutate<T>(
    method: MutationMethod,
    path: string,
    body: unknown,
    key: string,
    redirect: boolean,
  ): Promise<T> {
    return (await mutation(method, path, body, key, redirect)).data as T;
  }

  async function mutation(
    method: MutationMethod,
    path: string,
    body: unknown,
    key: string,
    redirect: boolean,
  ): Promise<{ status: number; data: unknown }> {
    const url = resolvePath(path);
    let csrf = await token(false);
    for (let attempt = 0; ; attempt++) {
      const { res, data } = await raw(method, url, body, { "X-CSRF-Token": csrf, "Idempotency-Key": key });
      if (res.status === 403 && attempt === 0) {
        csrf = await token(true);
        if (csrf !== "") continue;
      }
      if (res.status === 401) unauthorized(redirect);
      if (!res.ok) throw errorFromResponse(res.status, data);
      return { status: res.status, data };
    }
  }

  /** The edit, queued: the AdminQueuedError to reject with (an AdminNetworkError for a client without an outbox). */
  async function enqueue(
    method: MutationMethod,
    path: string,
    body: unknown,
    key: string,
    q: QueueOfflineOptions,
  ): Promise<AdminApiError> {
    if (!outbox) return new AdminNetworkError();
    const edit: QueuedEdit = {
      method,
      path: resolvePath(path),
      body,
      idempotencyKey: key,
      baseVersion: q.baseVersion ?? null,
      createdAt: now(),
      entity: q.entity,
      label: q.label,
      ...(q.entityId !== undefined ? { entityId: q.entityId } : {}),
    };
    let id: number;
    try {
      id = await outbox(edit);
    } catch (err) {
      if (isQuotaExceeded(err)) throw new AdminStorageFullError(err);
      throw err;
    }
    notify(OUTBOX_CHANGED_EVENT);
    return new AdminQueuedError(id);
  }

  /** One mutation with the options' queueing: its status and body, or the AdminQueuedError it was queued as. */
  async function sendOnce(
    method: MutationMethod,
    path: string,
    body: unknown,
    options: SendOptions,
  ): Promise<{ status: number; data: unknown }> {
    const key = options.idempotencyKey ?? makeKey();
    const q = options.queueOffline;
    const payload = withVersion(body, q?.baseVersion);
    const redirect = options.redirectOnUnauthorized !== false;
    if (q && (options.queueOnly === true || !isOnline())) throw await enqueue(method, path, payload, key, q);
    try {
      return await mutation(method, path, payload, key, redirect);
    } catch (err) {
      if (q && err instanceof AdminNetworkError) throw await enqueue(method, path, payload, key, q);
      throw err;
    }
  }

  async function send<T>(method: MutationMethod, path: string, body?: unknown, options: SendOptions = {}): Promise<T> {
    return (await sendOnce(method, path, body, options)).data as T;
  }

  /** Calls `ep` with its parameters and body: a read, or a mutation with its CSRF token, Idempotency-Key and, with
   * `queueOffline`, the outbox when the network is out. The answer is the one the endpoint's schema accepted; a 2xx
   * body it refuses rejects with an AdminShapeError. */
  function call<P, Req, Res>(ep: Endpoint<P, Req, Res>, ...args: AdminCallArgs<P, Req>): Promise<Res> {
    const [input, options] = args;
    return request(ep, { params: input?.params as P, body: input?.body as Req }, options);
  }

  /** `call` with both parts spelled out, for code generic over the endpoint (its parameters' type not known there). */
  async function request<P, Req, Res>(
    ep: Endpoint<P, Req, Res>,
    input: { params: P; body: Req },
    options: SendOptions = {},
  ): Promise<Res> {
    const path = ep.path(input.params);
    const method = ep.method;
    const answer =
      method === "GET"
        ? await read(path, options.redirectOnUnauthorized !== false, ep.noStore === true)
        : await sendOnce(method, path, input.body, options);
    const parsed = ep.response.safeParse(answer.data);
    if (!parsed.success) throw new AdminShapeError(answer.status, answer.data, `${method} ${path}`, parsed.error);
    return parsed.data;
  }

  async function login(username: string, password: string): Promise<LoginResponse> {
    const { res, data } = await raw("POST", "/api/admin/login", { username, password }, {});
    if (!res.ok) throw errorFromResponse(res.status, data);
    if (!isRecord(data) || typeof data.csrfToken !== "string")
      throw new AdminApiError(res.status, "Invalid login response", data);
    csrfToken = data.csrfToken;
    const s: AdminSession = {
      username: String(data.username ?? username),
      name: String(data.name ?? ""),
      csrfToken: data.csrfToken,
    };
    sessionPromise = Promise.resolve(s);
    notify(ADMIN_SIGNED_IN_EVENT);
    return { ok: true, ...s };
  }

  async function logout(): Promise<void> {
    try {
      await mutate("POST", "/api/admin/logout", undefined, makeKey(), false);
    } finally {
      csrfToken = null;
      sessionPromise = Promise.resolve(null);
    }
  }

  return {
    call,
    request,
    get,
    send,
    session,
    login,
    logout,
    /** Used by the outbox replay: one attempt, no queueing, no redirect. */
    replay<T>(method: MutationMethod, path: string, body: unknown, idempotencyKey: string): Promise<T> {
      return mutate<T>(method, path, body, idempotencyKey, false);
    },
    setUnauthorizedHandler(fn: () => void): void {
      onUnauthorized = fn;
    },
    /** Forget the cached session (after a 401 seen elsewhere). */
    invalidateSession(): void {
      csrfToken = null;
      sessionPromise = null;
    },
  };
}

export type AdminClient = ReturnType<typeof createAdminClient>;
