/** A small HTTP/1.1 client on node:http with kept-alive connections (it costs the load generator about half
 * the CPU per request that fetch() does, on a machine it shares with the servers). */
import http from "node:http";

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** Rejects on a connection error (refused, reset, closed before an answer). */
export function httpRequest(
  agent: http.Agent,
  url: string,
  method: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        agent,
        method,
        headers: {
          ...(body === undefined
            ? {}
            : { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)) }),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The answer's body as JSON. */
export function json<T = unknown>(answer: HttpAnswer): T {
  return JSON.parse(answer.body.toString("utf8")) as T;
}
