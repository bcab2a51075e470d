/**
 * Starts the app's JavaScript once the page's lead picture (the boot shell's hero banner or product picture,
 * put there by the server) has painted. On a slow phone connection the picture then has the bandwidth to
 * itself instead of sharing it with some twenty scripts, so the shopper sees it about twice as soon; the
 * scripts follow at once (measured with `pnpm bench lighthouse`: docs/decisions.md, D35).
 *
 * The build replaces the app's <script type="module"> and its modulepreload links with a data block
 * listing those files (vite-plugins.ts, loadAppAfterLeadPicture); the boot script calls loadApp(). A page
 * without a lead picture (categories, cart, admin) starts the app at once, and so does a page whose picture
 * fails or takes longer than LEAD_PICTURE_WAIT_MS. The development server keeps Vite's own script tag and
 * has no data block: loadApp() then does nothing.
 */

/** The files the app starts with, written into index.html by the build. */
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

/** The id of the data block that holds the AppFiles. */
export const APP_FILES_ID = "app-files";

/** Where the server puts the lead picture (shared/boot-shell.ts). */
export const LEAD_PICTURE = ".boot-shell img";

/** The longest the app waits for its lead picture: on a network slower than that, it starts anyway. */
export const LEAD_PICTURE_WAIT_MS = 1500;

/** The files this page's first screen needs, in the order to ask for them: the entry's imports, the
 * language's messages, the page's own chunks. */
export function filesFor(files: AppFiles, pathname: string, lang: string): string[] {
  const out = [...files.imports, ...(files.locales[lang] ?? [])];
  for (const [pattern, routeFiles] of files.routes) {
    if (new RegExp(pattern).test(pathname)) out.push(...routeFiles);
  }
  return [...new Set(out)];
}

/** Asks for the app's files: every module this page needs at once, then the entry, which runs them. */
export function startApp(doc: Document, files: AppFiles, pathname: string): void {
  for (const href of filesFor(files, pathname, doc.documentElement.lang)) {
    const link = doc.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    doc.head.appendChild(link);
  }
  const script = doc.createElement("script");
  script.type = "module";
  script.crossOrigin = "";
  script.src = files.entry;
  doc.head.appendChild(script);
}

function readFiles(doc: Document): AppFiles | undefined {
  const block = doc.getElementById(APP_FILES_ID);
  if (!block?.textContent) return undefined;
  return JSON.parse(block.textContent) as AppFiles;
}

/** Starts the app once the lead picture has painted (see the top of this file). Runs from the boot script,
 * in the head: it waits for the document to be parsed before it looks for the picture. */
export function loadApp(win: Window): void {
  const doc = win.document;
  let started = false;
  const start = () => {
    const files = started ? undefined : readFiles(doc);
    started = true;
    if (files) startApp(doc, files, win.location.pathname);
  };
  const whenParsed = () => {
    const picture = doc.querySelector<HTMLImageElement>(LEAD_PICTURE);
    if (!picture || typeof picture.decode !== "function") return start();
    // decode() settles once the picture is loaded and ready to paint; the frame after it paints it.
    picture.decode().then(() => win.requestAnimationFrame(() => win.setTimeout(start, 0)), start);
    win.setTimeout(start, LEAD_PICTURE_WAIT_MS);
  };
  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", whenParsed, { once: true });
  else whenParsed();
}
