// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { APP_FILES_ID } from "@store/shared/app-files";
import { loadApp } from "./app-loader.ts";
import { APP_FILES as FILES } from "@store/shared/test/fixtures";

/** The page as the service worker answers it: index.html with the files' data block. */
function openPage(path: string, lang = "en"): void {
  window.history.replaceState(null, "", path);
  document.documentElement.lang = lang;
  document.head.innerHTML = `<script type="application/json" id="${APP_FILES_ID}">${JSON.stringify(FILES)}</script>`;
  document.body.innerHTML = `<div id="root"><div class="boot-shell"></div></div>`;
}

/** What the page asked for: its modulepreload links, then its module script. */
function requested(): { preloads: string[]; scripts: string[] } {
  return {
    preloads: [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) =>
      l.getAttribute("href"),
    ) as string[],
    scripts: [...document.head.querySelectorAll<HTMLScriptElement>('script[type="module"]')].map((s) =>
      s.getAttribute("src"),
    ) as string[],
  };
}

afterEach(() => {
  window.history.replaceState(null, "", "/");
});

describe("loadApp", () => {
  it("asks at once for every module the page needs in its language, then the entry", () => {
    openPage("/", "ar");
    loadApp(window);
    expect(requested()).toEqual({
      preloads: [
        "/assets/react-1.js",
        "/assets/db-1.js",
        "/assets/messages-ar.js",
        "/assets/home-1.js",
        "/assets/price-1.js",
      ],
      scripts: ["/assets/index-1.js"],
    });
  });

  it("does nothing where the page names its scripts itself (no list of files)", () => {
    openPage("/cart");
    document.getElementById(APP_FILES_ID)?.remove();
    loadApp(window);
    expect(requested()).toEqual({ preloads: [], scripts: [] });
  });
});
