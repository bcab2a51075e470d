/**
 * The page's first script, run before the first paint. The build inlines it into index.html
 * (vite-plugins.ts, inlineBootScript), so the rules it applies are the app's own: the language, its
 * direction and the theme from the stored preferences (prefs-rules.ts), and the first visit's catalog
 * request (api/first-screen.ts, local/first-sync.ts).
 */
import {
  applyPrefsToRoot,
  initialLang,
  initialTheme,
  linkedLang,
  mirrorInCookie,
  readStored,
  STORAGE_KEYS,
} from "../features/prefs/prefs-rules.ts";
import { firstScreenUrl } from "../api/first-screen.ts";
import { CATALOG_SYNCED_KEY, FIRST_ANSWER_ID, NO_CATALOG_PAGE } from "../local/first-sync.ts";
import { listenForEarlyAdds } from "./early-cart.ts";

/** The first screen's answer the server wrote into the page, as the response the app reads it from. */
function answerInPage(doc: Document): Promise<Response> | undefined {
  const text = doc.getElementById(FIRST_ANSWER_ID)?.textContent;
  return text ? Promise.resolve(new Response(text, { headers: { "Content-Type": "application/json" } })) : undefined;
}

export function boot(win: Window & typeof globalThis): void {
  // The app's start (prefs-store.ts) reads the same: the files preloaded below are this language's.
  const lang = initialLang(readStored(STORAGE_KEYS.lang), linkedLang(win.location.search));
  const prefersLight = typeof win.matchMedia === "function" && win.matchMedia("(prefers-color-scheme: light)").matches;
  applyPrefsToRoot(win.document.documentElement, lang, initialTheme(readStored(STORAGE_KEYS.theme), prefersLight));
  // The next page the server writes is then in the shopper's language and currency.
  mirrorInCookie(win.document, STORAGE_KEYS.lang, readStored(STORAGE_KEYS.lang));
  mirrorInCookie(win.document, STORAGE_KEYS.currency, readStored(STORAGE_KEYS.currency));
  listenForEarlyAdds(win);

  // The first Intl.NumberFormat of a page loads ICU's number data (40-90 ms on a slow CPU) and blocks the
  // first render of prices. ICU's caches are per process, so a worker pays that cost on another thread
  // while the app's JavaScript downloads; the prices then format in well under a millisecond.
  try {
    const warm = `new Intl.NumberFormat(${JSON.stringify(lang)}, { style: "currency", currency: "USD" }).format(1);close()`;
    new win.Worker(win.URL.createObjectURL(new win.Blob([warm], { type: "text/javascript" })));
  } catch {
    // No workers (or no Blob URLs): the first prices simply format a little later.
  }

  // First visit (no local catalog yet): the first screen's small answer, from the page when the server wrote it
  // there, else asked for while the app's JavaScript downloads (local/catalog-sync.ts takes this answer instead
  // of asking again).
  if (readStored(CATALOG_SYNCED_KEY) === null && !NO_CATALOG_PAGE.test(win.location.pathname) && win.fetch) {
    const firstSync =
      answerInPage(win.document) ??
      win.fetch(firstScreenUrl(win.location.pathname), { headers: { Accept: "application/json" }, cache: "no-store" });
    firstSync.catch(() => undefined);
    win.__firstSync = firstSync;
  }
}
