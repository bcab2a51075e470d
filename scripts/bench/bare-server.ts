/** The baseline of `pnpm bench api`: a bare Hono server (the framework the store runs on, nothing else) that
 * answers the exact bytes and headers the store answered, from memory.
 * Usage: tsx scripts/bench/bare-server.ts <port> <answers.json>, answers = [{path, status, headers, body (base64)}] */
import fs from "node:fs";
import { serve } from "@hono/node-server";
import { Hono } from "hono";

interface Answer {
  path: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

const [port, file] = process.argv.slice(2);
const answers = JSON.parse(fs.readFileSync(file ?? "", "utf8")) as Answer[];
const byPath = new Map(answers.map((a) => [a.path, { ...a, bytes: Buffer.from(a.body, "base64") }]));
const app = new Hono();
app.get("*", (c) => {
  const url = new URL(c.req.url);
  const answer = byPath.get(url.pathname + url.search);
  if (!answer) return c.text("Not found", 404);
  for (const [name, value] of Object.entries(answer.headers)) c.header(name, value);
  return c.body(answer.bytes as Uint8Array<ArrayBuffer>, answer.status as 200);
});
serve({ fetch: app.fetch, port: Number(port), hostname: "127.0.0.1" }, () => console.log("listening"));
