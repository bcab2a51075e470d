/**
 * The files the app starts with, as the build lists them in index.html (client/vite-plugins.ts). The boot script
 * asks for a page's own all at once, in one round trip, once its first screen has painted
 * (client/src/app/app-loader.ts).
 */

export interface AppFiles {
  /** The entry script (a module). */
  entry: string;
  /** The modules the entry imports at once, asked for beside it (modulepreload). */
  imports: string[];
  /** Per page (a pattern of its path), the chunks it shows its first screen with. */
  routes: [pattern: string, files: string[]][];
  /** Per language, its message catalog's chunks. */
  locales: Record<string, string[]>;
  /** Per page, per language, the chunks of the other catalogs it waits for (the pages of an order wait for theirs). */
  routeCatalogs: [pattern: string, locales: Record<string, string[]>][];
}

/** The id of the data block in index.html that holds the AppFiles. */
export const APP_FILES_ID = "app-files";

/** The id of the data block in which the server writes a page's first-screen answer (/api/first's, compact), ahead
 * of the boot script that reads it, so a first visit's app has its catalog without asking. */
export const FIRST_ANSWER_ID = "first-answer";

/** The files this page's first screen needs, in the order to ask for them: the entry's imports, the
 * language's messages, the page's own chunks and the other catalogs it waits for in that language. */
export function filesFor(files: AppFiles, pathname: string, lang: string): string[] {
  const out = [...files.imports, ...(files.locales[lang] ?? [])];
  for (const [pattern, routeFiles] of files.routes) {
    if (new RegExp(pattern).test(pathname)) out.push(...routeFiles);
  }
  for (const [pattern, locales] of files.routeCatalogs ?? []) {
    if (new RegExp(pattern).test(pathname)) out.push(...(locales[lang] ?? []));
  }
  return [...new Set(out)];
}
