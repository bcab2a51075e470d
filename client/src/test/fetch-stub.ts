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
