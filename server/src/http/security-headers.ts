/** Headers every answer carries, and the Content-Security-Policy of the app's pages: scripts only from the
 * store itself plus the inline boot scripts of index.html, named by their hashes (no 'unsafe-inline' for
 * scripts); no framing by any site; HSTS when the store is reached over https. */
import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";

/** What an API answer (JSON, CSV) may do if opened as a document: nothing. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

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
  if (new URL(c.req.url).protocol === "https:") return true;
  return options.trustProxy && c.req.header("X-Forwarded-Proto")?.split(",")[0]?.trim() === "https";
}

/** Set before the route answers: every response is built by the context, which applies them; set after,
 * they would make @hono/node-server rebuild the finished response as a full web Response. Page routes
 * (http/static.ts) replace the API policy with the page policy. */
export function securityHeaders(options: { publicUrl: string; trustProxy: boolean }): MiddlewareHandler {
  return (c, next) => {
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    c.header("X-Frame-Options", "DENY");
    c.header("Content-Security-Policy", API_CONTENT_SECURITY_POLICY);
    if (isHttps(c, options)) c.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    return next();
  };
}
