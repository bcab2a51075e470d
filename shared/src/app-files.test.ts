import { describe, expect, it } from "vitest";
import { APP_FILES_BLOCK, appScriptTags, filesFor } from "./app-files.ts";
import { APP_FILES as FILES } from "./test/fixtures.ts";

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

describe("appScriptTags", () => {
  it("preloads the page's modules and then runs the entry", () => {
    const tags = appScriptTags(FILES, "/", "en");
    expect(tags.match(/modulepreload/g)).toHaveLength(5);
    expect(tags).toContain('<link rel="modulepreload" crossorigin href="/assets/home-1.js">');
    expect(tags.trim().endsWith('<script type="module" crossorigin src="/assets/index-1.js"></script>')).toBe(true);
  });

  it("finds the build's data block", () => {
    const html = `<head><script type="application/json" id="app-files">${JSON.stringify(FILES)}</script></head>`;
    expect(JSON.parse(APP_FILES_BLOCK.exec(html)?.[1] ?? "null")).toEqual(FILES);
  });
});
