import { afterEach, describe, expect, it, vi } from "vitest";
import { subscribeToNewsletter } from "./newsletter.ts";
import { ApiNetworkError } from "./endpoint.ts";
import { answering } from "../test/fetch-stub.ts";

afterEach(() => vi.unstubAllGlobals());

describe("the newsletter signup", () => {
  it("posts the trimmed address and the shopper's language, and is done on a 2xx answer", async () => {
    const fetch = answering(201, { ok: true });
    expect(await subscribeToNewsletter("  a@b.co ", "ar")).toEqual({ status: "done" });
    expect(fetch).toHaveBeenCalledWith("/api/newsletter", expect.objectContaining({ method: "POST" }));
    const init = fetch.mock.calls[0]?.[1];
    expect(JSON.parse(String(init?.body))).toEqual({ email: "a@b.co", locale: "ar" });
  });

  it("passes on how long to wait when signups from here are throttled", async () => {
    answering(429, { error: "too many", retryAfterSeconds: 60 });
    expect(await subscribeToNewsletter("a@b.co", "en")).toEqual({
      status: "throttled",
      body: { error: "too many", retryAfterSeconds: 60 },
    });
  });

  it("is refused on any other answer, and rejects when the network fails", async () => {
    answering(400, { error: "Invalid email" });
    expect(await subscribeToNewsletter("nope", "fr")).toEqual({ status: "error" });
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("offline"))),
    );
    // No answer rejects as the API's network error, the browser's own as its cause.
    const err: unknown = await subscribeToNewsletter("a@b.co", "fr").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiNetworkError);
    expect(err instanceof ApiNetworkError && String(err.cause)).toBe("TypeError: offline");
  });
});
