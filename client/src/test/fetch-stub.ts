/** A stand-in for the network in unit tests of the storefront's own requests. */
import { vi } from "vitest";

/** Makes every fetch answer `status` with `body` as JSON, and returns the mock to read the requests from (a test
 * file unstubs it after each test with vi.unstubAllGlobals). */
export function answering(status: number, body: unknown) {
  const fetch = vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify(body), { status })),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

/** One request as the stub saw it: method, path with its query, and the JSON body parsed (undefined without one). */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

/** A route's answer: a status with a JSON body, or "unreachable" (the request fails as a network error does). */
export type Reply = readonly [status: number, body?: unknown] | "unreachable";

/** Makes every fetch answer by its route, "METHOD /path" (the path without its query), as `routes` says (a reply,
 * or a function of the request); any other route answers 404. Returns the mock and the requests sent, in order. */
export function serving(routes: Record<string, Reply | ((request: SentRequest) => Reply)>) {
  const sent: SentRequest[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
    const method = init?.method ?? "GET";
    const request: SentRequest = {
      method,
      path: url.pathname + url.search,
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
    };
    sent.push(request);
    const route = routes[`${method} ${url.pathname}`];
    const reply = typeof route === "function" ? route(request) : (route ?? [404, { error: "Not found" }]);
    if (reply === "unreachable") return Promise.reject(new TypeError("Failed to fetch"));
    const [status, body] = reply;
    return Promise.resolve(
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { "Content-Type": "application/json" },
      }),
    );
  });
  vi.stubGlobal("fetch", fetch);
  return { fetch, sent };
}
