/** The one door to the store's own API (/api/...): each call is an Endpoint (its method, the path built from its
 * parameters, the type of its request body and the schema its answer must match), sent by callEndpoint, so no
 * call site builds a path or parses JSON itself.
 *
 * Every failure rejects with an ApiError: ApiNetworkError when no answer came (offline, aborted), ApiStatusError
 * for an answer outside 2xx (its status, body and headers), ApiShapeError for a 2xx answer whose body the schema
 * refuses. The schemas are @store/shared's zod schemas; anything with zod's safeParse does, so a screen that must
 * not load zod (the storefront's first screen) passes a hand-written check instead. This module itself loads no
 * schema library. */

/** What reads an answer's body: a zod schema, or any check with the same safeParse. */
export interface BodyReader<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error?: unknown };
}

/** A schema's input type, as the Standard Schema interface (which zod's schemas implement) declares it: what a
 * request body may be before the server's schema reads it. */
export interface RequestSchema<T> {
  readonly "~standard": { readonly types?: { readonly input: T } | undefined };
}

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Endpoint<P, Req, Res> {
  method: Method;
  /** The path (with its query) for the call's parameters; parameters are encoded here, never at the call site. */
  path: (params: P) => string;
  /** The request body's schema. It types the body only: the server checks it with the same schema, and its refusal
   * names the fields in codes the screen can say, which a check here would hide. */
  request?: RequestSchema<Req>;
  response: BodyReader<Res>;
  /** Past any HTTP cache: answers that change from one moment to the next. */
  noStore?: boolean;
}

/** An endpoint, typed from its schemas. */
export function endpoint<P = void, Req = undefined, Res = unknown>(def: Endpoint<P, Req, Res>): Endpoint<P, Req, Res> {
  return def;
}

/** For answers whose status says everything: the body is not read for anything. */
export const ignoredBody: BodyReader<unknown> = { safeParse: (value) => ({ success: true, data: value }) };

export class ApiError extends Error {
  constructor(name: string, message: string, cause?: unknown) {
    super(message);
    this.name = name;
    if (cause !== undefined) this.cause = cause;
  }
}

/** The request got no answer: no connection, the store unreachable, or the caller aborted it. */
export class ApiNetworkError extends ApiError {
  constructor(what: string, cause?: unknown) {
    super("ApiNetworkError", `${what}: no answer`, cause);
  }
}

/** The store answered with a status outside 2xx; `body` is its JSON (its text when not JSON, undefined when empty). */
export class ApiStatusError extends ApiError {
  constructor(
    what: string,
    readonly status: number,
    readonly body: unknown,
    readonly headers: Headers,
  ) {
    super("ApiStatusError", `${what} answered ${status}`);
  }
}

/** The store answered 2xx with a body that is not what the endpoint's schema says it answers. */
export class ApiShapeError extends ApiError {
  constructor(
    what: string,
    readonly status: number,
    readonly body: unknown,
    cause?: unknown,
  ) {
    super("ApiShapeError", `${what} answered ${status} with a body that does not match its schema`, cause);
  }
}

export function isStatusError(err: unknown, ...statuses: number[]): err is ApiStatusError {
  return err instanceof ApiStatusError && (statuses.length === 0 || statuses.includes(err.status));
}

/** An answer the schema accepted. */
export interface Answer<T> {
  data: T;
  status: number;
  headers: Headers;
}

/** How a call is made: the fetch to use (tests pass their own) and a signal to abort it. */
export interface CallOptions {
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

export type CallInput<P, Req> = CallOptions & { headers?: Record<string, string> } & ([P] extends [void]
    ? { params?: undefined }
    : { params: P }) &
  ([Req] extends [undefined] ? { body?: undefined } : { body: Req });

/** A body as JSON; its text when it is not JSON; undefined when empty. */
export async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Reads an answer already in hand (one asked for before the app ran) as the endpoint's. */
export async function readAnswer<Res>(
  ep: Pick<Endpoint<never, unknown, Res>, "method" | "response">,
  url: string,
  res: Response,
): Promise<Answer<Res>> {
  const what = `${ep.method} ${url}`;
  let body: unknown;
  try {
    body = await readBody(res);
  } catch (err) {
    throw new ApiNetworkError(what, err);
  }
  if (!res.ok) throw new ApiStatusError(what, res.status, body, res.headers);
  const parsed = ep.response.safeParse(body);
  if (!parsed.success) throw new ApiShapeError(what, res.status, body, parsed.error);
  return { data: parsed.data, status: res.status, headers: res.headers };
}

/** Sends one call; its answer is read by readAnswer (callEndpoint does both). */
export async function sendEndpoint<P, Req, Res>(
  ep: Endpoint<P, Req, Res>,
  input: CallInput<P, Req>,
): Promise<{ url: string; res: Response }> {
  const url = ep.path(input.params as P);
  const headers: Record<string, string> = { Accept: "application/json", ...input.headers };
  const init: RequestInit = { method: ep.method, headers };
  if (input.body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(input.body);
  }
  if (ep.noStore) init.cache = "no-store";
  if (input.signal) init.signal = input.signal;
  const doFetch = input.fetch ?? fetch;
  try {
    return { url, res: await doFetch(url, init) };
  } catch (err) {
    throw new ApiNetworkError(`${ep.method} ${url}`, err);
  }
}

/** Sends one call and reads its answer. */
export async function callEndpoint<P, Req, Res>(
  ep: Endpoint<P, Req, Res>,
  input: CallInput<P, Req>,
): Promise<Answer<Res>> {
  const { url, res } = await sendEndpoint(ep, input);
  return readAnswer(ep, url, res);
}
