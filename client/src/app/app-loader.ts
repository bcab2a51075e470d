/**
 * Starts the app's JavaScript from a page that does not name its scripts itself. The server writes each page's
 * scripts into its head (shared/src/app-files.ts); the build's index.html instead carries a data block listing
 * them (vite-plugins.ts, listAppFiles), which is what the service worker answers pages with, offline or on a
 * later visit. The boot script then calls loadApp(), which asks for every module the page needs at once. A page
 * the server wrote, and the development server's page (Vite's own script tag), have no data block: loadApp()
 * does nothing.
 */
import { APP_FILES_ID, filesFor, type AppFiles } from "@store/shared/app-files";

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

/** Starts the app once the page's head has been read (the data block follows the boot script). */
export function loadApp(win: Window): void {
  const doc = win.document;
  const start = () => {
    const files = readFiles(doc);
    if (files) startApp(doc, files, win.location.pathname);
  };
  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", start, { once: true });
  else start();
}
