/** The store's 429 as the specs answer it through page.route: using up a real budget would throttle the other specs,
 * which share this machine's address. */
import type { Page, Route } from "@playwright/test";

/** The store's 429 (TooManyRequestsError, server/src/http/errors.ts): its JSON body with the code, the wait in
 * params and beside them, and its Retry-After header. */
export function tooMany(
  route: Route,
  retryAfter: number,
  error = "Too many requests. Please try again later.",
): Promise<void> {
  return route.fulfill({
    status: 429,
    contentType: "application/json",
    headers: { "Retry-After": String(retryAfter), "Cache-Control": "no-store" },
    body: JSON.stringify({ error, code: "rate_limited", params: { retryAfter }, retryAfter }),
  });
}

/** Answers the first `times` requests to `url` (every one by default) with a 429 whose English is `error`; returns
 * how many were answered so. */
export async function throttle(
  page: Page,
  url: string,
  retryAfter: number,
  { times = Infinity, error }: { times?: number; error?: string } = {},
): Promise<() => number> {
  let answered = 0;
  await page.route(url, async (route) => {
    if (answered < times) {
      answered++;
      await tooMany(route, retryAfter, error);
    } else await route.continue();
  });
  return () => answered;
}
