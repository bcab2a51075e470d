/** Build steps that make the first page of a visit paint sooner (measured with `pnpm bench lighthouse`). */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { build, type Plugin, type Rollup } from "vite";
import { APP_FILES_ID, type AppFiles } from "@store/shared/app-files";
import { parsePo, STOREFRONT_MESSAGES_FILE } from "@store/shared/po";

/** A plugin that rewrites the built index.html once the bundle's files and names are known. */
function rewriteBuiltHtml(name: string, rewrite: (html: string, bundle: Rollup.OutputBundle) => string): Plugin {
  return {
    name,
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler: (html, ctx) => (ctx.bundle ? rewrite(html, ctx.bundle) : html),
    },
  };
}

/** Where index.html takes its boot script. */
export const BOOT_SCRIPT_MARKER = "<!-- boot-script -->";

/** The boot script's entry bundled on its own into one classic script (minified, no imports left). */
export async function bundleBootScript(entry: string): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: "warn",
    build: {
      write: false,
      minify: true,
      target: "es2022",
      lib: { entry, formats: ["iife"], name: "storeBoot" },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ("output" in r ? r.output : []));
  const chunk = outputs.find((o) => o.type === "chunk");
  if (!chunk) throw new Error(`The boot script ${entry} built to nothing`);
  return chunk.code.trim().replaceAll("</script", "<\\/script");
}

/**
 * Puts the boot script (the language, direction and theme before the first paint; the first visit's
 * catalog request) into index.html as its first script, built from the app's own modules so that its rules
 * have one definition. It must run before the page paints, so it is inline and classic; the server allows
 * it by its hash (server/src/http/security-headers.ts). In development too, so both run the same code.
 */
export function inlineBootScript(entry: string): Plugin {
  return {
    name: "store:inline-boot-script",
    transformIndexHtml: {
      order: "pre",
      handler: async (html) => {
        if (!html.includes(BOOT_SCRIPT_MARKER)) throw new Error(`index.html has no ${BOOT_SCRIPT_MARKER} marker`);
        const script = await bundleBootScript(entry);
        return html.replace(BOOT_SCRIPT_MARKER, () => `<script>${script}</script>`);
      },
    },
  };
}

const ENTRY_CSS = /^assets\/index-[\w-]+\.css$/;

/**
 * Puts the entry stylesheet inside index.html instead of linking it: the first paint then waits for one
 * request (the page) rather than two. It is small (about 5 KB gzip); lazy chunks keep their own files.
 * Lazy chunks that list the entry stylesheet among their dependencies look for a <link rel=stylesheet>
 * with its address before loading it, so a disabled one (which browsers never fetch) stays as the marker.
 */
export function inlineEntryCss(): Plugin {
  return rewriteBuiltHtml("store:inline-entry-css", (html, bundle) =>
    html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
      const css = bundle[file];
      if (!ENTRY_CSS.test(file) || css?.type !== "asset" || typeof css.source !== "string") return tag;
      const marker = tag.replace(/\s*\/?>$/, " disabled>");
      return `<style>${css.source.replaceAll("</style", "<\\/style")}</style>${marker}`;
    }),
  );
}

const ROUTE_CHUNK = /\/src\/routes\/([^/?]+)\.tsx\?tsr-split=component$/;
/** A message catalog's chunk: its language, and its name ("messages", the storefront's, or "orders", "admin"). */
const LOCALE_CHUNK = /\/src\/i18n\/locales\/([a-z]+)\/(\w+)\.po$/;
/** The catalogs a route file waits for before its page (src/i18n/i18n.ts, loadMessages). */
const ROUTE_CATALOGS = /loadMessages\("(\w+)"\)/g;

/** "product.$id" -> "^/product/[^/]+/?$", "index" -> "^/?$" (TanStack's flat route file names). */
export function routePattern(routeFile: string): string {
  const segments = routeFile
    .split(".")
    .filter((s) => s !== "index")
    .map((s) => (s.startsWith("$") ? "[^/]+" : s.replace(/[^\w-]/g, "")));
  return `^/${segments.join("/")}/?$`;
}

/** Vite's tags for the app's entry script and the modules it imports at once. */
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * Replaces Vite's script tag and modulepreload links with a list of the files the app starts with
 * (shared/src/app-files.ts): per page and per language, the chunks its first screen needs (its route chunk, its
 * message catalogs), which the app would otherwise ask for only once its main script has run, a second round trip.
 * The boot script asks for a page's own files from this list (src/app/app-loader.ts).
 */
export function listAppFiles(): Plugin {
  return rewriteBuiltHtml("store:list-app-files", (html, bundle) => {
    const entryTag = ENTRY_SCRIPT.exec(html);
    if (!entryTag?.[1]) throw new Error("The built index.html has no module script for the app");
    const imports = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1] ?? "");
    const chunks = Object.values(bundle).flatMap((c) => (c.type === "chunk" ? [c] : []));
    // What the app loads anyway: the entry and the modules it imports at once.
    const loaded = new Set([entryTag[1], ...imports].map((f) => f.slice(1)));
    const filesOf = (fileName: string): string[] => {
      const out: string[] = [];
      const visit = (name: string) => {
        if (loaded.has(name) || out.includes(name)) return;
        out.push(name);
        const chunk = bundle[name];
        if (chunk?.type === "chunk") chunk.imports.forEach(visit);
      };
      visit(fileName);
      return out.map((f) => `/${f}`);
    };
    const files: AppFiles = { entry: entryTag[1], imports, routes: [], locales: {}, routeCatalogs: [] };
    /** Per catalog name, per language, its chunks. */
    const catalogs = new Map<string, Record<string, string[]>>();
    /** Per route pattern, the catalogs beyond the storefront's that its file waits for. */
    const waits: [pattern: string, names: string[]][] = [];
    for (const chunk of chunks) {
      const id = chunk.facadeModuleId ?? "";
      const route = ROUTE_CHUNK.exec(id)?.[1];
      if (route && !route.startsWith("admin")) {
        files.routes.push([routePattern(route), filesOf(chunk.fileName)]);
        const source = fs.readFileSync(id.replace(/\?.*$/, ""), "utf8");
        const names = [...source.matchAll(ROUTE_CATALOGS)].map((m) => m[1] ?? "");
        if (names.length > 0) waits.push([routePattern(route), names]);
      }
      const [, locale, name] = LOCALE_CHUNK.exec(id) ?? [];
      if (!locale || !name) continue;
      if (name === "messages") files.locales[locale] = filesOf(chunk.fileName);
      else catalogs.set(name, { ...catalogs.get(name), [locale]: filesOf(chunk.fileName) });
    }
    for (const [pattern, names] of waits) {
      const perLanguage: Record<string, string[]> = {};
      for (const name of names)
        for (const [locale, chunkFiles] of Object.entries(catalogs.get(name) ?? {}))
          perLanguage[locale] = [...(perLanguage[locale] ?? []), ...chunkFiles];
      files.routeCatalogs.push([pattern, perLanguage]);
    }
    const block = `\n    <script type="application/json" id="${APP_FILES_ID}">${JSON.stringify(files).replaceAll("<", "\\u003c")}</script>`;
    return html.replace(MODULE_PRELOAD, "").replace(ENTRY_SCRIPT, () => block);
  });
}

/**
 * Writes the storefront's messages in every language (the Lingui catalogs, read as plain tables by
 * shared/src/po.ts) beside the build, so the server writes a page's first screen in the words the app shows.
 */
export function storefrontMessages(localesDir: string, locales: readonly string[]): Plugin {
  return {
    name: "store:storefront-messages",
    apply: "build",
    generateBundle() {
      const messages = Object.fromEntries(
        locales.map((locale) => [
          locale,
          parsePo(fs.readFileSync(path.join(localesDir, locale, "messages.po"), "utf8")),
        ]),
      );
      this.emitFile({ type: "asset", fileName: STOREFRONT_MESSAGES_FILE, source: JSON.stringify(messages) });
    },
  };
}

const BROTLI_ASSET = /\.(js|css)$/;

/**
 * Writes a Brotli copy (file.br, best quality) beside every script and stylesheet: the server sends it to
 * browsers that accept br, about a fifth smaller than gzip on the fly, so the first page's code arrives
 * sooner on a slow network.
 */
export function brotliAssets(): Plugin {
  let outDir = "dist";
  return {
    name: "store:brotli-assets",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!BROTLI_ASSET.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const source = fs.readFileSync(file);
        const compressed = zlib.brotliCompressSync(source, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        });
        if (compressed.length < source.length) fs.writeFileSync(`${file}.br`, compressed);
      }
    },
  };
}

/** The colours an installed app paints its splash screen and title bar with, per colour scheme. */
export interface SchemeColors {
  background_color: string;
  theme_color: string;
}

export const LIGHT_MANIFEST = "manifest-light.webmanifest";

/**
 * Manifests for light and dark: the app's manifest (written and linked by vite-plugin-pwa, in the dark colours the
 * app starts in) and a copy in the light theme's colours. The page points its manifest link at the one of the
 * theme it shows (features/prefs/prefs-store.ts), as it does its theme-color: Chromium reads only the first
 * manifest link, whatever its `media`, and follows a change of its address.
 */
export function colorSchemeManifests(manifest: object, light: SchemeColors): Plugin {
  return {
    name: "store:color-scheme-manifests",
    apply: "build",
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: LIGHT_MANIFEST,
        source: JSON.stringify({ ...manifest, ...light }),
      });
    },
  };
}
