// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { APP_FILES_ID, type AppFiles, filesFor, LEAD_PICTURE_WAIT_MS, loadApp } from "./app-loader.ts";

const FILES: AppFiles = {
  entry: "/assets/index-1.js",
  imports: ["/assets/react-1.js", "/assets/db-1.js"],
  routes: [
    ["^/product/[^/]+/?$", ["/assets/product-1.js", "/assets/price-1.js"]],
    ["^/?$", ["/assets/home-1.js", "/assets/price-1.js"]],
  ],
  locales: { en: ["/assets/messages-en.js"], ar: ["/assets/messages-ar.js"] },
};

/** The page as the server sends it: the files' data block and, on home and product pages, the lead picture. */
function openPage(path: string, leadPicture: boolean): HTMLImageElement | undefined {
  window.history.replaceState(null, "", path);
  document.head.innerHTML = `<script type="application/json" id="${APP_FILES_ID}">${JSON.stringify(FILES)}</script>`;
  document.body.innerHTML = leadPicture
    ? `<div id="root"><div class="boot-shell"><img src="/uploads/lead.webp" alt=""></div></div>`
    : `<div id="root"><div class="boot-shell"></div></div>`;
  return document.querySelector("img") ?? undefined;
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

/** An image whose decode() settles when the test says so. */
function controlledDecode(img: HTMLImageElement) {
  let settle: { resolve: () => void; reject: (e: Error) => void } | undefined;
  img.decode = () =>
    new Promise<void>((resolve, reject) => {
      settle = { resolve, reject };
    });
  return {
    loaded: () => settle?.resolve(),
    failed: () => settle?.reject(new Error("broken picture")),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  document.documentElement.lang = "en";
});
afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, "", "/");
});

describe("filesFor", () => {
  it("lists the entry's imports, the language's messages and the page's chunks, each once", () => {
    expect(filesFor(FILES, "/product/steam-20", "ar")).toEqual([
      "/assets/react-1.js",
      "/assets/db-1.js",
      "/assets/messages-ar.js",
      "/assets/product-1.js",
      "/assets/price-1.js",
    ]);
    expect(filesFor(FILES, "/cart", "xx")).toEqual(["/assets/react-1.js", "/assets/db-1.js"]);
  });
});

describe("loadApp", () => {
  it("starts the app at once on a page without a lead picture", () => {
    openPage("/cart", false);
    loadApp(window);
    expect(requested()).toEqual({
      preloads: ["/assets/react-1.js", "/assets/db-1.js", "/assets/messages-en.js"],
      scripts: ["/assets/index-1.js"],
    });
  });

  it("waits for the lead picture to be ready and painted, then asks for the page's files once", async () => {
    const img = openPage("/", true);
    if (!img) throw new Error("no picture");
    const picture = controlledDecode(img);
    loadApp(window);
    await vi.advanceTimersByTimeAsync(100);
    expect(requested().scripts).toEqual([]);
    picture.loaded();
    await vi.advanceTimersByTimeAsync(50); // the next frame, then a task
    expect(requested()).toEqual({
      preloads: [
        "/assets/react-1.js",
        "/assets/db-1.js",
        "/assets/messages-en.js",
        "/assets/home-1.js",
        "/assets/price-1.js",
      ],
      scripts: ["/assets/index-1.js"],
    });
    await vi.advanceTimersByTimeAsync(LEAD_PICTURE_WAIT_MS);
    expect(requested().scripts).toHaveLength(1);
  });

  it("starts without the picture when it fails or is too slow", async () => {
    const broken = openPage("/product/steam-20", true);
    if (!broken) throw new Error("no picture");
    const picture = controlledDecode(broken);
    loadApp(window);
    picture.failed();
    await vi.advanceTimersByTimeAsync(0);
    expect(requested().scripts).toEqual(["/assets/index-1.js"]);

    const slow = openPage("/product/steam-20", true);
    if (!slow) throw new Error("no picture");
    controlledDecode(slow);
    loadApp(window);
    await vi.advanceTimersByTimeAsync(LEAD_PICTURE_WAIT_MS - 1);
    expect(requested().scripts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(requested().scripts).toEqual(["/assets/index-1.js"]);
  });

  it("does nothing where the page has no list of files (the development server's own script tag)", () => {
    openPage("/cart", false);
    document.getElementById(APP_FILES_ID)?.remove();
    loadApp(window);
    expect(requested()).toEqual({ preloads: [], scripts: [] });
  });
});
