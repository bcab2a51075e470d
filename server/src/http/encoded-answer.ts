/** Answers built once and kept compressed (docs/decisions.md D27): the bytes in Brotli, gzip and as they are,
 * with their ETag, sent as the request's Accept-Encoding allows, and a 304 when the client's copy is current. */
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Context } from "hono";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Coding = "br" | "gzip";

/** One answer as built, with its compressed forms made on first demand and then kept. */
export interface EncodedAnswer {
  status: number;
  type: string;
  etag: string;
  identity: Buffer;
  /** The bytes in `coding`, or undefined when the answer is too small to be worth compressing. */
  encoded(coding: Coding): Promise<Buffer> | undefined;
}

/** Below this size compressing costs more than it saves; such answers are sent as they are. */
const MIN_COMPRESS_BYTES = 1024;

function compress(identity: Buffer, coding: Coding): Promise<Buffer> {
  if (coding === "gzip") return gzip(identity, { level: 6 });
  // Brotli's quality falls with the size: a multi-megabyte catalog at the highest quality would take seconds.
  const quality = identity.length > 256 * 1024 ? 5 : 8;
  return brotli(identity, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  });
}

/** An answer kept for many requests: each encoding is compressed once, off the main thread (zlib's pool). */
export function encodeAnswer(body: string | Buffer, type: string, etag: string, status = 200): EncodedAnswer {
  const identity = typeof body === "string" ? Buffer.from(body) : body;
  const made = new Map<Coding, Promise<Buffer>>();
  return {
    status,
    type,
    etag,
    identity,
    encoded(coding) {
      if (identity.length < MIN_COMPRESS_BYTES) return undefined;
      let bytes = made.get(coding);
      if (!bytes) {
        bytes = compress(identity, coding);
        made.set(coding, bytes);
      }
      return bytes;
    },
  };
}

/** Whether the Accept-Encoding header takes `coding` (a q=0 refuses it). */
export function acceptsEncoding(acceptEncoding: string | undefined, coding: "br" | "gzip"): boolean {
  return (acceptEncoding ?? "").split(",").some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return name?.trim() === coding && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** Whether an If-None-Match header names `etag` (a list, weak or strong, or `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string): string => tag.trim().replace(/^W\//, "");
  const wanted = bare(etag);
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === wanted);
}

/**
 * Sends `answer` in the best encoding the client takes (Brotli, then gzip), or 304 when its ETag matches.
 *
 * The answer goes out with its headers as one plain record: the security headers the middleware chose for
 * this request (http/security-headers.ts), then `headers` (a page's own policy), then the answer's own. Not
 * through the context's Headers object: building one and turning it back into Node's header record cost
 * more than the rest of such an answer (docs/decisions.md D27). So a header set earlier with `c.header()` is
 * not sent with it: give it in `headers`.
 */
export async function sendAnswer(
  c: Context,
  answer: EncodedAnswer,
  cacheControl: string,
  headers: Readonly<Record<string, string>> = {},
): Promise<Response> {
  const compressible = answer.identity.length >= MIN_COMPRESS_BYTES;
  const common: Record<string, string> = {
    ...c.get("securityHeaders"),
    ...headers,
    "cache-control": cacheControl,
    etag: answer.etag,
  };
  if (compressible) common.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
  if (answer.status === 200 && matchesEtag(c.req.header("If-None-Match"), answer.etag)) {
    return new Response(null, { status: 304, headers: common });
  }
  const accept = c.req.header("Accept-Encoding");
  const coding = !compressible
    ? undefined
    : acceptsEncoding(accept, "br")
      ? "br"
      : acceptsEncoding(accept, "gzip")
        ? "gzip"
        : undefined;
  const bytes = (coding && (await answer.encoded(coding))) || answer.identity;
  const sent: Record<string, string> = {
    ...common,
    "content-type": answer.type,
    "content-length": String(bytes.length),
  };
  if (coding) sent["content-encoding"] = coding;
  // Node's buffers here are backed by plain ArrayBuffers (never shared memory), as the body type asks.
  return new Response(bytes as Uint8Array<ArrayBuffer>, { status: answer.status, headers: sent });
}
