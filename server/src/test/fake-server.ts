/** A small HTTP server on 127.0.0.1 for the fakes of outside services the tests start (payment providers, Telegram):
 * routes by method and path, JSON and form bodies, and a payment page with a Pay and a Cancel button. */
import http from "node:http";
import crypto from "node:crypto";
import { escapeHtml } from "@store/shared/html";

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeResponse {
  status: number;
  body?: unknown;
  html?: string;
  redirect?: string;
  headers?: Record<string, string>;
  /** Close the connection without answering: the request was handled but its answer is lost on the way. */
  drop?: boolean;
}

export type FakeHandler = (req: FakeRequest) => Promise<FakeResponse> | FakeResponse;

export interface RunningFake {
  url: string;
  close: () => Promise<void>;
}

export async function startFakeServer(handler: FakeHandler, port = 0): Promise<RunningFake> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const request: FakeRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      Promise.resolve(handler(request))
        .catch((): FakeResponse => ({ status: 500, body: { error: "fake provider error" } }))
        .then((out) => {
          if (out.drop) {
            res.destroy();
          } else if (out.redirect) {
            res.writeHead(303, { Location: out.redirect }).end();
          } else if (out.html !== undefined) {
            res.writeHead(out.status, { "Content-Type": "text/html; charset=utf-8" }).end(out.html);
          } else {
            res
              .writeHead(out.status, { "Content-Type": "application/json", ...out.headers })
              .end(JSON.stringify(out.body ?? {}));
          }
        })
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${actual}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A hex id such as the providers' (Konnect: 24 hex digits). */
export function hexId(bytes = 12): string {
  return crypto.randomBytes(bytes).toString("hex");
}

/** The hosted payment page: what is paid, and two buttons that post to `{action}/pay` and `{action}/cancel`. */
export function paymentPage(title: string, lines: string[], action: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1>${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}
<form method="post" action="${escapeHtml(action)}/pay"><button type="submit">Pay</button></form>
<form method="post" action="${escapeHtml(action)}/cancel"><button type="submit">Cancel</button></form>
</main></body></html>`;
}

/** Appends query parameters to a URL that may already have some. */
export function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}
