import { describe, expect, it } from "vitest";
import { FIND_ORDER_MESSAGES } from "@store/shared/schemas/orders";
import { requestOrderLink } from "./find-order.ts";

function answer(status: number, body: unknown, headers: Record<string, string> = {}): typeof fetch {
  return () => Promise.resolve(new Response(JSON.stringify(body), { status, headers }));
}

describe("requestOrderLink", () => {
  it("sends the code and email trimmed, and reads the 202 as sent", async () => {
    let sent: unknown;
    const fetchImpl: typeof fetch = (_url, init) => {
      sent = JSON.parse(String(init?.body));
      return Promise.resolve(
        new Response(JSON.stringify({ ok: true, message: FIND_ORDER_MESSAGES.sent }), { status: 202 }),
      );
    };
    expect(await requestOrderLink({ code: " PNR-7Q2M9XKD ", email: " a@example.com " }, fetchImpl)).toEqual({
      kind: "sent",
    });
    expect(sent).toEqual({ code: "PNR-7Q2M9XKD", email: "a@example.com" });
  });

  it("reads a 429's wait, a network failure and any other answer", async () => {
    const body = { code: "PNR-7Q2M9XKD", email: "a@example.com" };
    expect(
      await requestOrderLink(body, answer(429, { error: "Too many", code: "rate_limited", retryAfter: 12 })),
    ).toEqual({ kind: "throttled", retryAfter: 12 });
    expect(await requestOrderLink(body, () => Promise.reject(new TypeError("Failed to fetch")))).toEqual({
      kind: "unreachable",
    });
    expect(await requestOrderLink(body, answer(500, { error: "Internal server error" }))).toEqual({ kind: "error" });
  });
});
