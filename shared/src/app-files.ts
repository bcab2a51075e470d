/**
 * The files the app starts with, as the build lists them in index.html (client/vite-plugins.ts): the server writes
 * a page's own into its HTML as <link rel="modulepreload"> and the entry's <script>, so the browser asks for all
 * of them in the same round trip as soon as it reads the page's head; a page the service worker answers from its
 * copy of index.html has the boot script ask for them (client/src/app/app-loader.ts).
 */
import { escapeHtml } from "./html.ts";

export interface AppFiles {
  /** The entry script (a module). */
  entry: string;
  /** The modules the entry imports at once, asked for beside it (modulepreload). */
  imports: string[];
  /** Per page (a pattern of its path), the chunks it shows its first screen with. */
  routes: [pattern: string, files: string[]][];
  /** Per language, its message catalog's chunks. */
  locales: Record<string, string[]>;
}

/** The id of the data block in index.html that holds the AppFiles. */
export const APP_FILES_ID = "app-files";

/** The id of the data block in which the server writes a page's first-screen answer (/api/first's, compact), ahead
 * of the boot script that reads it, so a first visit's app has its catalog without asking. */
export const FIRST_ANSWER_ID = "first-answer";

/** The data block itself, as the build writes it. */
export const APP_FILES_BLOCK = /<script type="application\/json" id="app-files">([\s\S]*?)<\/script>/;

/** The files this page's first screen needs, in the order to ask for them: the entry's imports, the
 * language's messages, the page's own chunks. */
export function filesFor(files: AppFiles, pathname: string, lang: string): string[] {
  const out = [...files.imports, ...(files.locales[lang] ?? [])];
  for (const [pattern, routeFiles] of files.routes) {
    if (new RegExp(pattern).test(pathname)) out.push(...routeFiles);
  }
  return [...new Set(out)];
}

/** The page's script tags: its modules preloaded, then the entry, which runs them. */
export function appScriptTags(files: AppFiles, pathname: string, lang: string): string {
  const preloads = filesFor(files, pathname, lang).map(
    (href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`,
  );
  return [...preloads, `<script type="module" crossorigin src="${escapeHtml(files.entry)}"></script>`].join("\n    ");
}
