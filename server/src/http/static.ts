/** Serves the built client: hashed assets cached for a year, the service worker never cached,
 * uploads from the data directory, and index.html (with per-page meta and status) for every page route. */
import fs from "node:fs";
import path from "node:path";
import type { Context, Hono } from "hono";
import { acceptsEncoding, sendAnswer, type EncodedAnswer } from "./encoded-answer.ts";
import { inlineScriptHashes, pageContentSecurityPolicy } from "./security-headers.ts";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
};

/** A page as sent: index.html made for the page, encoded, with its status (the not-found screen answers 404). */
export type PageHtml = (c: Context, indexHtml: string) => Promise<EncodedAnswer>;

function safeJoin(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const full = path.normalize(path.join(root, decoded));
  return full.startsWith(root + path.sep) ? full : undefined;
}

function statFile(file: string): fs.Stats | undefined {
  try {
    const stat = fs.statSync(file);
    return stat.isFile() ? stat : undefined;
  } catch {
    return undefined;
  }
}

function fileResponse(c: Context, file: string, cacheControl: string, brotli = false): Response | undefined {
  const stat = statFile(file);
  if (!stat) return undefined;
  const type = TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
  // The build writes file.br beside scripts and stylesheets; it is sent as is to browsers that take br.
  if (brotli) c.header("Vary", "Accept-Encoding");
  const brStat = brotli && acceptsEncoding(c.req.header("Accept-Encoding"), "br") ? statFile(`${file}.br`) : undefined;
  const sent = brStat ? { path: `${file}.br`, stat: brStat, tag: "br-" } : { path: file, stat, tag: "" };
  const etag = `W/"${sent.tag}${sent.stat.size.toString(16)}-${sent.stat.mtimeMs.toString(16)}"`;
  c.header("Content-Type", type);
  if (brStat) c.header("Content-Encoding", "br");
  c.header("Cache-Control", cacheControl);
  c.header("ETag", etag);
  if (c.req.header("If-None-Match") === etag) return c.body(null, 304);
  return c.body(fs.readFileSync(sent.path));
}

/** A page's Cache-Control: browsers revalidate every time (a 304 when the page is unchanged); a shared cache in
 * front of the store may answer it for `sharedSeconds` without asking, so a CDN can serve a first visit whole. */
function pageCacheControl(sharedSeconds: number): string {
  return sharedSeconds > 0 ? `public, max-age=0, s-maxage=${sharedSeconds}` : "no-cache";
}

export function mountStatic(
  app: Hono,
  opts: { clientDist: string; uploadsDir: string; pageCacheSeconds: number; pageHtml: PageHtml },
): void {
  const dist = path.resolve(opts.clientDist);
  const uploads = path.resolve(opts.uploadsDir);
  // index.html is kept in memory but re-read when the file changes (a rebuild while the server runs), with
  // the page policy that allows its inline boot scripts by hash.
  let index: { html: string; mtimeMs: number; policy: string } | undefined;
  const readIndex = (): { html: string; policy: string } | undefined => {
    const file = path.join(dist, "index.html");
    try {
      const { mtimeMs } = fs.statSync(file);
      if (index?.mtimeMs !== mtimeMs) {
        const html = fs.readFileSync(file, "utf8");
        index = { html, mtimeMs, policy: pageContentSecurityPolicy(inlineScriptHashes(html)) };
      }
      return index;
    } catch {
      return undefined;
    }
  };
  // Documents and workers run under the policy they are served with (a worker under its own script's), so they get
  // the pages' policy. The other files (the scripts a page loads, styles, pictures) run under their page's: they keep
  // the short policy every answer carries rather than the pages' few hundred bytes on each script of a first visit.
  const filePolicy = pageContentSecurityPolicy([]);
  const runsUnderOwnPolicy = (p: string) => p.endsWith(".html") || p === "/sw.js" || /\.worker-[^/]*\.js$/.test(p);
  const pageCache = pageCacheControl(opts.pageCacheSeconds);

  app.get("/uploads/*", (c) => {
    const file = safeJoin(uploads, c.req.path.slice("/uploads".length));
    const res = file ? fileResponse(c, file, "public, max-age=31536000, immutable") : undefined;
    return res ?? c.json({ error: "Not found" }, 404);
  });

  app.all("/api/*", (c) => c.json({ error: "Not found" }, 404));

  app.get("*", async (c) => {
    const p = c.req.path;
    if (p !== "/" && path.extname(p) !== "") {
      // index.html itself (the service worker caches it for offline pages) keeps its hashes.
      if (runsUnderOwnPolicy(p))
        c.header("Content-Security-Policy", p === "/index.html" ? (readIndex()?.policy ?? filePolicy) : filePolicy);
      const file = safeJoin(dist, p);
      const hashed = p.startsWith("/assets/");
      const noCache = p === "/sw.js" || p.startsWith("/workbox-") || p.endsWith(".webmanifest");
      const res = file
        ? fileResponse(
            c,
            file,
            hashed ? "public, max-age=31536000, immutable" : noCache ? "no-cache" : "public, max-age=3600",
            hashed,
          )
        : undefined;
      if (res) return res;
      if (hashed || p !== "/index.html") return c.json({ error: "Not found" }, 404);
    }
    const built = readIndex();
    if (!built) return c.text("The client is not built yet: run `pnpm build`.", 503);
    // Pages are written in the language and currency the shopper's cookies name (shared/src/page-prefs.ts).
    return sendAnswer(c, await opts.pageHtml(c, built.html), pageCache, {
      "content-security-policy": built.policy,
      vary: "Cookie",
    });
  });
}
