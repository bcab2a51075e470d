import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { bodyLimitFor, limitBody } from "./body-limit.ts";

function appWithLimit(maxSize: number): Hono {
  const app = new Hono();
  app.use("*", limitBody({ maxSize, onError: (c) => c.json({ error: "Request body too large" }, 413) }));
  app.post("/echo", async (c) => c.json({ received: await c.req.text() }));
  app.get("/echo", (c) => c.json({ received: null }));
  return app;
}

/** A raw HTTP/1.1 request, so the test controls Content-Length and chunking exactly. */
async function send(
  port: number,
  headers: Record<string, string>,
  chunks: string[],
): Promise<{ status: number; body: string }> {
  const req = http.request({ port, host: "127.0.0.1", method: "POST", path: "/echo", headers });
  for (const chunk of chunks) req.write(chunk);
  req.end();
  const [res] = (await once(req, "response")) as [http.IncomingMessage];
  let body = "";
  for await (const part of res) body += String(part);
  return { status: res.statusCode ?? 0, body };
}

describe("limitBody", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  async function listen(app: Hono): Promise<number> {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await once(server, "listening");
    close = () => new Promise((resolve) => server.close(() => resolve()));
    return (server.address() as AddressInfo).port;
  }

  it("refuses a declared Content-Length over the limit with the error answer", async () => {
    const res = await appWithLimit(10).request("/echo", {
      method: "POST",
      headers: { "Content-Length": "11" },
      body: "x".repeat(11),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "Request body too large" });
  });

  it("lets a body within the limit reach the route, declared or chunked, over real HTTP", async () => {
    const port = await listen(appWithLimit(10));
    const declared = await send(port, { "Content-Length": "10" }, ["x".repeat(10)]);
    expect(declared).toEqual({ status: 200, body: JSON.stringify({ received: "x".repeat(10) }) });
    const chunked = await send(port, { "Transfer-Encoding": "chunked" }, ["abcde", "fghij"]);
    expect(chunked).toEqual({ status: 200, body: JSON.stringify({ received: "abcdefghij" }) });
  });

  it("counts a chunked body as it arrives and refuses it past the limit", async () => {
    const port = await listen(appWithLimit(10));
    const res = await send(port, { "Transfer-Encoding": "chunked" }, ["abcdef", "ghijkl"]);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ error: "Request body too large" });
  });

  it("refuses an oversized declared body over real HTTP", async () => {
    const port = await listen(appWithLimit(10));
    const res = await send(port, { "Content-Length": "12" }, ["x".repeat(12)]);
    expect(res.status).toBe(413);
  });

  it("leaves GET requests alone", async () => {
    const res = await appWithLimit(0).request("/echo");
    expect(res.status).toBe(200);
  });
});

describe("bodyLimitFor", () => {
  const app = new Hono();
  const limits = [
    { path: "/big/*", maxSize: 100 },
    { path: "/exact", maxSize: 50 },
  ];
  app.use("*", limitBody({ maxSize: bodyLimitFor(limits, 10), onError: (c) => c.json({ error: "too large" }, 413) }));
  app.post("*", async (c) => c.json({ length: (await c.req.text()).length }));
  const post = (path: string, size: number) => app.request(path, { method: "POST", body: "x".repeat(size) });

  it("gives each route its own limit and every other route the fallback", async () => {
    expect((await post("/big/a/b", 100)).status).toBe(200);
    expect((await post("/big/a/b", 101)).status).toBe(413);
    expect((await post("/big", 100)).status).toBe(200);
    expect((await post("/exact", 50)).status).toBe(200);
    expect((await post("/exact", 51)).status).toBe(413);
    expect((await post("/exact/more", 11)).status).toBe(413);
    expect((await post("/bigger", 11)).status).toBe(413);
    expect((await post("/other", 10)).status).toBe(200);
  });
});
