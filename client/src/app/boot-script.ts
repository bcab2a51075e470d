/**
 * The page's first script, run before the first paint. The build inlines it into index.html
 * (vite-plugins.ts, inlineBootScript), so the rules it applies are the app's own: the language, its
 * direction and the theme from the stored preferences (prefs-rules.ts), and the first visit's catalog
 * request (local/first-sync.ts).
 */
import {
  applyPrefsToRoot,
  initialLang,
  initialTheme,
  readStored,
  STORAGE_KEYS,
} from "../features/prefs/prefs-rules.ts";
import { CATALOG_SYNCED_KEY, firstScreenUrl, NO_CATALOG_PAGE } from "../local/first-sync.ts";

export function boot(win: Window & typeof globalThis): void {
  const lang = initialLang(readStored(STORAGE_KEYS.lang));
  const prefersLight = typeof win.matchMedia === "function" && win.matchMedia("(prefers-color-scheme: light)").matches;
  applyPrefsToRoot(win.document.documentElement, lang, initialTheme(readStored(STORAGE_KEYS.theme), prefersLight));

  // The first Intl.NumberFormat of a page loads ICU's number data (40-90 ms on a slow CPU) and blocks the
  // first render of prices. ICU's caches are per process, so a worker pays that cost on another thread
  // while the app's JavaScript downloads; the prices then format in well under a millisecond.
  try {
    const warm = `new Intl.NumberFormat(${JSON.stringify(lang)}, { style: "currency", currency: "USD" }).format(1);close()`;
    new win.Worker(win.URL.createObjectURL(new win.Blob([warm], { type: "text/javascript" })));
  } catch {
    // No workers (or no Blob URLs): the first prices simply format a little later.
  }

  // First visit (no local catalog yet): ask for the first screen's small answer while the app's JavaScript
  // downloads (local/catalog-sync.ts takes this answer instead of asking again).
  if (readStored(CATALOG_SYNCED_KEY) === null && !NO_CATALOG_PAGE.test(win.location.pathname) && win.fetch) {
    const firstSync = win.fetch(firstScreenUrl(win.location.pathname), {
      headers: { Accept: "application/json" },
      cache: "no-store",
    });
    firstSync.catch(() => undefined);
    win.__firstSync = firstSync;
  }
}
