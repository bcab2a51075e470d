import { describe, expect, it } from "vitest";
import { promoValidateRequestSchema, promoValidateResponseSchema } from "@store/shared/schemas/promos";
import {
  ApiNetworkError,
  ApiShapeError,
  ApiStatusError,
  callEndpoint,
  endpoint,
  isStatusError,
  readAnswer,
} from "./endpoint.ts";

const promo = endpoint({
  method: "POST",
  path: (shop: string) => `/api/${encodeURIComponent(shop)}/promos/validate`,
  request: promoValidateRequestSchema,
  response: promoValidateResponseSchema,
  noStore: true,
});

function answering(res: () => Response, seen?: { url: string; init: RequestInit | undefined }[]): typeof fetch {
  return (input, init) => {
    seen?.push({ url: String(input), init });
    return Promise.resolve(res());
  };
}

describe("callEndpoint", () => {
  it("builds the path from the parameters, sends the body as JSON and returns the answer the schema read", async () => {
    const seen: { url: string; init: RequestInit | undefined }[] = [];
    const answer = await callEndpoint(promo, {
      params: "a b",
      body: { code: "SAVE10" },
      headers: { "Idempotency-Key": "k1" },
      fetch: answering(() => Response.json({ code: "SAVE10", percent: 10 }), seen),
    });
    expect(answer.data).toEqual({ code: "SAVE10", percent: 10 });
    expect(answer.status).toBe(200);
    expect(seen[0]?.url).toBe("/api/a%20b/promos/validate");
    expect(seen[0]?.init?.method).toBe("POST");
    expect(seen[0]?.init?.cache).toBe("no-store");
    expect(JSON.parse(String(seen[0]?.init?.body))).toEqual({ code: "SAVE10" });
    const headers = new Headers(seen[0]?.init?.headers);
    expect(headers.get("Content-Type")).toBe("application/json");
    expect(headers.get("Idempotency-Key")).toBe("k1");
  });

  it("rejects a 2xx answer of another shape with an error naming the call", async () => {
    const call = callEndpoint(promo, {
      params: "shop",
      body: { code: "X" },
      fetch: answering(() => Response.json({ code: "X", percent: "ten" })),
    });
    await expect(call).rejects.toBeInstanceOf(ApiShapeError);
    await expect(call).rejects.toThrow("POST /api/shop/promos/validate answered 200 with a body that does not match");
    const err: unknown = await call.catch((e: unknown) => e);
    expect(err instanceof ApiShapeError && err.body).toEqual({ code: "X", percent: "ten" });
    // Not JSON at all is the same refusal, its text kept.
    const html = callEndpoint(promo, { params: "s", body: { code: "X" }, fetch: answering(() => new Response("<p>")) });
    await expect(html).rejects.toMatchObject({ name: "ApiShapeError", body: "<p>" });
  });

  it("rejects an answer outside 2xx with its status, body and headers", async () => {
    const refusal = { error: "Too many requests", code: "rate_limited", retryAfter: 5 };
    const err: unknown = await callEndpoint(promo, {
      params: "s",
      body: { code: "X" },
      fetch: answering(() => Response.json(refusal, { status: 429, headers: { "Retry-After": "5" } })),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiStatusError);
    expect(isStatusError(err, 429)).toBe(true);
    expect(isStatusError(err, 400, 404)).toBe(false);
    if (!(err instanceof ApiStatusError)) throw new Error("not a status error");
    expect(err.status).toBe(429);
    expect(err.body).toEqual(refusal);
    expect(err.headers.get("Retry-After")).toBe("5");
    expect(err.message).toBe("POST /api/s/promos/validate answered 429");
    // An empty body is undefined, not a parse failure.
    await expect(
      callEndpoint(promo, {
        params: "s",
        body: { code: "X" },
        fetch: answering(() => new Response(null, { status: 500 })),
      }),
    ).rejects.toMatchObject({ status: 500, body: undefined });
  });

  it("rejects with a network error when no answer comes", async () => {
    const cause = new TypeError("Failed to fetch");
    const err: unknown = await callEndpoint(promo, {
      params: "s",
      body: { code: "X" },
      fetch: () => Promise.reject(cause),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiNetworkError);
    expect(err instanceof ApiNetworkError && err.cause).toBe(cause);
  });

  it("types the body from the request schema", () => {
    // Never sent: the check is the compiler's.
    const typed = () =>
      // @ts-expect-error a promo check's body has a code
      callEndpoint(promo, { params: "s", body: { percent: 1 }, fetch: () => Promise.reject(new Error()) });
    expect(typeof typed).toBe("function");
  });
});

describe("readAnswer", () => {
  it("reads an answer asked for earlier as the endpoint's", async () => {
    const answer = await readAnswer(promo, "/api/x", Response.json({ code: "A", percent: 5 }));
    expect(answer.data).toEqual({ code: "A", percent: 5 });
    await expect(readAnswer(promo, "/api/x", Response.json({}, { status: 503 }))).rejects.toMatchObject({
      status: 503,
    });
  });
});
