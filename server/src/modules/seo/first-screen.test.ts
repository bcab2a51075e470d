import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parsePo, type Messages } from "@store/shared/po";
import { product } from "@store/shared/test/fixtures";
import { firstScreenHtml, type FirstScreenInput } from "./first-screen.ts";

const catalogOf = (lang: string): Messages =>
  parsePo(
    fs.readFileSync(
      path.resolve(import.meta.dirname, `../../../../client/src/i18n/locales/${lang}/messages.po`),
      "utf8",
    ),
  );

const deal = product("deal", { title: "Deal <b>", discountPercent: 20, price: { USD: 1000, TND: 0, EUR: 0, EGP: 0 } });
const options = product("options", {
  variants: [
    { id: "1m", name: "1 month", price: { USD: 500, TND: 0, EUR: 0, EGP: 0 } },
    { id: "3m", name: "3 months", price: { USD: 1200, TND: 0, EUR: 0, EGP: 0 } },
  ],
  sales: 5,
});

function input(patch: Partial<FirstScreenInput>): FirstScreenInput {
  return {
    page: { kind: "home" },
    lang: "en",
    currency: "USD",
    messages: {},
    products: [deal, options],
    categories: [],
    banners: [],
    settings: null,
    ...patch,
  };
}

describe("firstScreenHtml", () => {
  it("says only messages the storefront's catalogs hold, so the app's words and the server's agree", () => {
    const asked = new Set<string>();
    const recording = new Proxy<Messages>(
      {},
      {
        get: (_, id) => {
          if (typeof id === "string") asked.add(id);
          return undefined;
        },
      },
    );
    firstScreenHtml(input({ messages: recording }));
    firstScreenHtml(input({ messages: recording, page: { kind: "product", product: options } }));
    firstScreenHtml(input({ messages: recording, page: { kind: "product", product: deal } }));
    const english = catalogOf("en");
    const arabic = catalogOf("ar");
    expect(asked.size).toBeGreaterThan(20);
    for (const id of asked) {
      expect(english[id] ?? arabic[id], id).toBeDefined();
      expect(arabic[id], `Arabic for "${id}"`).toBeDefined();
    }
  });

  it("prices in the shopper's currency, a discounted product with its former price, options 'from' their lowest", () => {
    const html = firstScreenHtml(input({ currency: "EUR" }));
    expect(html).toContain('<span class="price__now">€7.36</span>');
    expect(html).toContain('<s class="price__was"><span class="visually-hidden">Original price: </span>€9.20</s>');
    expect(html).toContain("From €4.60");
    // A product with options is chosen on its page; the others add at once.
    expect(html).toContain('<a href="/product/options" class="btn btn--primary btn--sm">Choose an option</a>');
    expect(html).toContain('data-early-add="deal"');
  });

  it("escapes the operator's texts", () => {
    const html = firstScreenHtml(input({ page: { kind: "product", product: deal } }));
    expect(html).toContain("<h1>Deal &lt;b&gt;</h1>");
    expect(html).not.toContain("Deal <b>");
  });

  it("says the Arabic words and offers the product's options on its page", () => {
    const html = firstScreenHtml(
      input({ lang: "ar", messages: catalogOf("ar"), page: { kind: "product", product: options } }),
    );
    expect(html).toContain('<input type="radio" name="variant" value="1m" checked>');
    expect(html).toContain("أضف إلى السلة");
  });
});
