// @vitest-environment jsdom
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { bundleBootScript } from "../../vite-plugins.ts";
import { boot } from "./boot-script.ts";

/** The page at this path, with a system theme preference and a recording fetch (jsdom has no workers). */
function openPage(systemLight: boolean, path = "/") {
  window.history.replaceState(null, "", path);
  Object.defineProperty(window, "matchMedia", {
    configurable: true,
    value: (query: string) => ({ matches: systemLight && query === "(prefers-color-scheme: light)" }),
  });
  const fetch = vi.fn(() => Promise.resolve(new Response("{}")));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const root = document.documentElement;

beforeEach(() => {
  localStorage.clear();
  root.removeAttribute("lang");
  root.removeAttribute("dir");
  root.removeAttribute("data-theme");
  globalThis.__firstSync = undefined;
});
afterEach(() => {
  window.history.replaceState(null, "", "/");
  vi.unstubAllGlobals();
});

describe("the boot script", () => {
  it("applies the stored language, its direction and the stored theme before the app runs", () => {
    localStorage.setItem("lang", "ar");
    localStorage.setItem("theme", "light");
    openPage(false);
    boot(window);
    expect([root.lang, root.dir, root.dataset.theme, root.style.colorScheme]).toEqual(["ar", "rtl", "light", "light"]);
  });

  it("falls back to English and the system theme when nothing (or nothing known) is stored", () => {
    localStorage.setItem("lang", "de");
    openPage(true);
    boot(window);
    expect([root.lang, root.dir, root.dataset.theme]).toEqual(["en", "ltr", "light"]);
    openPage(false);
    boot(window);
    expect(root.dataset.theme).toBe("dark");
  });

  it("speaks the language the link names where none is stored, as the app then does, never over a stored one", () => {
    openPage(false, "/orders/tok_en-1?lang=ar");
    boot(window);
    expect([root.lang, root.dir]).toEqual(["ar", "rtl"]);
    expect(localStorage.getItem("lang")).toBeNull();
    localStorage.setItem("lang", "fr");
    boot(window);
    expect([root.lang, root.dir]).toEqual(["fr", "ltr"]);
  });

  it("asks for the first screen's small answer on a first visit of a storefront page, and only then", () => {
    const first = openPage(false, "/product/x");
    boot(window);
    expect(first).toHaveBeenCalledWith(
      "/api/first?product=x&compact=1",
      expect.objectContaining({ cache: "no-store" }),
    );
    expect(globalThis.__firstSync).toBeInstanceOf(Promise);
    const home = openPage(false, "/");
    boot(window);
    expect(home).toHaveBeenCalledWith("/api/first?compact=1", expect.anything());

    for (const path of ["/admin", "/admin/products", "/orders/abc"]) {
      const fetch = openPage(false, path);
      boot(window);
      expect(fetch).not.toHaveBeenCalled();
    }
    localStorage.setItem("catalogSynced", "1");
    const again = openPage(false, "/");
    boot(window);
    expect(again).not.toHaveBeenCalled();
  });
});

describe("the boot script as the build inlines it", () => {
  it("is one classic script with no imports left, applying the same rules", async () => {
    const code = await bundleBootScript(path.join(path.dirname(fileURLToPath(import.meta.url)), "boot-entry.ts"));
    expect(code).not.toMatch(/\bimport\b|<\/script/);
    localStorage.setItem("lang", "fr");
    localStorage.setItem("theme", "dark");
    openPage(false);
    new Function(code)();
    expect([root.lang, root.dir, root.dataset.theme]).toEqual(["fr", "ltr", "dark"]);
  }, 20_000);
});
