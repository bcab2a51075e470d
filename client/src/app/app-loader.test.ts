// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
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

/** The page's frames: each runs its callbacks 16 ms after it is asked for (fake time). */
let frames: number;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout"] });
  frames = 0;
  window.requestAnimationFrame = (paint) => window.setTimeout(() => paint(++frames * 16), 16);
});

afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, "", "/");
});

describe("loadApp", () => {
  it("asks, once the first screen has painted, for every module the page needs in its language, then the entry", () => {
    openPage("/", "ar");
    loadApp(window);
    // Nothing before the frame that paints the first screen.
    expect(requested()).toEqual({ preloads: [], scripts: [] });
    vi.advanceTimersByTime(16);
    expect(frames).toBe(1);
    vi.advanceTimersByTime(1);
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

  it("starts a hidden page, which paints no frame, after a moment, and only once", () => {
    openPage("/");
    window.requestAnimationFrame = () => 0;
    loadApp(window);
    vi.advanceTimersByTime(199);
    expect(requested().scripts).toEqual([]);
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(1000);
    expect(requested().scripts).toEqual(["/assets/index-1.js"]);
  });

  it("does nothing where the page names its scripts itself (no list of files)", () => {
    openPage("/cart");
    document.getElementById(APP_FILES_ID)?.remove();
    loadApp(window);
    vi.advanceTimersByTime(1000);
    expect(requested()).toEqual({ preloads: [], scripts: [] });
  });
});
