/**
 * Starts the app's JavaScript. The build's index.html names no script but the inline boot script: it carries a
 * data block listing the app's files (vite-plugins.ts, listAppFiles), which the server keeps in the pages it
 * writes and the service worker answers with, offline or on a later visit. The boot script calls loadApp(), which
 * asks for every module the page needs at once, once the page's first screen is on screen. The development
 * server's page (Vite's own script tag) has no data block: loadApp() does nothing there.
 */
import { APP_FILES_ID, filesFor, type AppFiles } from "@store/shared/app-files";

/** Asks for the app's files: every module this page needs at once, then the entry, which runs them. */
function startApp(doc: Document, files: AppFiles, pathname: string): void {
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

/** A page that is hidden paints no frame; it starts after this long instead. */
const HIDDEN_PAGE_START_MS = 200;

/**
 * Starts the app once the page has been read (the data block follows the boot script) and its first screen has
 * painted: the frame after DOMContentLoaded. The scripts' requests then never stand ahead of that paint, on a slow
 * line (where they would share its bandwidth) or in a simulation of one that counts every request started before
 * the paint as part of it.
 */
export function loadApp(win: Window): void {
  const doc = win.document;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const files = readFiles(doc);
    if (files) startApp(doc, files, win.location.pathname);
  };
  const afterFirstPaint = () => {
    // The frame's callbacks run before it paints; the task after them runs once it has.
    win.requestAnimationFrame(() => win.setTimeout(start, 0));
    win.setTimeout(start, HIDDEN_PAGE_START_MS);
  };
  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", afterFirstPaint, { once: true });
  else afterFirstPaint();
}
