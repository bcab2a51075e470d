import { describe, expect, it } from "vitest";
import { filesFor } from "./app-files.ts";
import { APP_FILES as FILES } from "./test/fixtures.ts";

/** What every page loads first: the entry's own imports. */
const ENTRY = ["/assets/react-1.js", "/assets/db-1.js"];

describe("filesFor", () => {
  it("lists the entry's imports, the language's messages and the page's chunks, each once", () => {
    expect(filesFor(FILES, "/product/steam-20", "ar")).toEqual([
      ...ENTRY,
      "/assets/messages-ar.js",
      "/assets/product-1.js",
      "/assets/price-1.js",
    ]);
    expect(filesFor(FILES, "/cart", "xx")).toEqual(ENTRY);
  });

  it("adds the other catalogs a page waits for, in its language only", () => {
    expect(filesFor(FILES, "/cart", "ar")).toEqual([...ENTRY, "/assets/messages-ar.js", "/assets/orders-ar.js"]);
    expect(filesFor(FILES, "/", "ar")).not.toContain("/assets/orders-ar.js");
  });
});
