/** Headers every answer carries, and the Content-Security-Policy of the app's pages: scripts only from the
 * store itself plus the inline boot scripts of index.html, named by their hashes (no 'unsafe-inline' for
 * scripts); no framing by any site; HSTS when the store is reached over https. */
import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";

/** What an API answer (JSON, CSV) may do if opened as a document: nothing. */
const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** 'sha256-…' sources for every inline <script> of the page that runs (not data blocks like JSON-LD). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
    const attrs = m[1] ?? "";
    if (/\ssrc=/.test(attrs)) continue;
    const type = /\stype="([^"]*)"/.exec(attrs)?.[1];
    if (type !== undefined && type !== "module" && type !== "text/javascript") continue;
    hashes.push(
      `'sha256-${createHash("sha256")
        .update(m[2] ?? "")
        .digest("base64")}'`,
    );
  }
  return hashes;
}

/** The policy of the app's pages (and of the scripts and workers they load). Styles may be inline: the
 * entry stylesheet is inlined into index.html, and components set style attributes (aspect ratios). */
export function pageContentSecurityPolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    // Product and banner pictures may be links the operator pasted (https), or drawn on the device.
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    // The boot script warms number formatting in a worker made from a Blob.
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Whether this request reached the store over https (directly, through a trusted proxy, or because the
 * store's public address is https). */
export function isHttps(c: Context, options: { publicUrl: string; trustProxy: boolean }): boolean {
  if (options.publicUrl.startsWith("https://")) return true;
  // The request's address as the server built it: its scheme is in lower case (no need to parse it whole).
  if (c.req.url.startsWith("https:")) return true;
  return options.trustProxy && c.req.header("X-Forwarded-Proto")?.split(",")[0]?.trim() === "https";
}

/** The security headers of one answer, by lower-case name. */
type SecurityHeaders = Readonly<Record<string, string>>;

/** What every answer carries over http; page routes (http/static.ts) replace the policy with the page policy. */
const API_SECURITY_HEADERS: SecurityHeaders = Object.freeze({
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "content-security-policy": API_CONTENT_SECURITY_POLICY,
});

/** Over https, browsers are also asked to keep to https. */
const HTTPS_SECURITY_HEADERS: SecurityHeaders = Object.freeze({
  ...API_SECURITY_HEADERS,
  "strict-transport-security": "max-age=31536000; includeSubDomains",
});

declare module "hono" {
  interface ContextVariableMap {
    /** The security headers this request's answer carries (set by securityHeaders, read by answers that are
     * sent with their headers as one record: http/encoded-answer.ts). */
    securityHeaders: SecurityHeaders;
  }
}

/** Set before the route answers: every response is built by the context, which applies them; set after,
 * they would make @hono/node-server rebuild the finished response as a full web Response. The record is also
 * kept on the context (`securityHeaders`) for the answers built once and sent with their own headers. */
export function securityHeaders(options: { publicUrl: string; trustProxy: boolean }): MiddlewareHandler {
  return (c, next) => {
    const headers = isHttps(c, options) ? HTTPS_SECURITY_HEADERS : API_SECURITY_HEADERS;
    c.set("securityHeaders", headers);
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
    return next();
  };
}
