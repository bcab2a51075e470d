import { describe, expect, it } from "vitest";
import { DEFAULT_RATES } from "@store/shared/currency";
import {
  buildSearchIndex,
  popularProducts,
  SEARCH_SORTS,
  searchProducts,
  smallest,
  type SearchRequest,
} from "./search-engine.ts";
import { normalizeText } from "./normalize.ts";
import { NO_FILTERS, type SearchFilters } from "./search-filters.ts";
import { makeCategory, makeProduct } from "../../test/catalog-builders.ts";

const categories = [
  makeCategory("c-gift", "Gift Cards"),
  makeCategory("c-steam", "Steam Wallet", "c-gift"),
  makeCategory("c-games", "Games"),
];

/** A price set in US cents only, the other currencies left at 0. */
const usd = (cents: number) => ({ USD: cents, TND: 0, EUR: 0, EGP: 0 });

const steam20 = makeProduct({ title: "Steam Wallet $20", categoryId: "c-steam", price: usd(2000), sales: 50 });
const psn10 = makeProduct({
  title: "PlayStation Store $10 Gift Card (US)",
  categoryId: "c-gift",
  platform: "PS",
  region: "US",
  price: usd(1000),
  sales: 80,
});
const elden = makeProduct({
  title: "Elden Ring (Steam Key)",
  description: "Action RPG from FromSoftware.",
  categoryId: "c-games",
  price: usd(6000),
  discountPercent: 50,
  sales: 120,
  createdAt: 1_800_000_000_000,
});
const pokemon = makeProduct({
  title: "Pokémon Écarlate",
  description: "A Switch adventure.",
  platform: "Switch",
  region: "EU",
  categoryId: "c-games",
  price: { USD: 5500, TND: 0, EUR: 4000, EGP: 0 },
  sales: 10,
});
const arabic = makeProduct({ title: "بطاقة هدايا أمازون", description: "", platform: "PC", sales: 5 });
const products = [steam20, psn10, elden, pokemon, arabic];

const index = buildSearchIndex(products, categories);

function run(query: string, over: Partial<SearchRequest> = {}, filters: Partial<SearchFilters> = {}) {
  return searchProducts(index, {
    query,
    filters: { ...NO_FILTERS, ...filters },
    sort: "relevance",
    currency: "USD",
    rates: DEFAULT_RATES,
    ...over,
  })
    .slice()
    .map((p) => p.title);
}

describe("searchProducts", () => {
  it("returns nothing for a blank query", () => {
    expect(run("   ")).toEqual([]);
  });

  it("matches a trimmed query case-insensitively as a substring of the title", () => {
    expect(run("  ELDEN ")).toEqual(["Elden Ring (Steam Key)"]);
    expect(run("ring (st")).toEqual(["Elden Ring (Steam Key)"]);
  });

  it("matches the description, the category, its parent category and the platform", () => {
    expect(run("fromsoftware")).toEqual(["Elden Ring (Steam Key)"]);
    expect(run("gift cards")).toEqual(["PlayStation Store $10 Gift Card (US)", "Steam Wallet $20"]);
    expect(run("switch")).toEqual(["Pokémon Écarlate"]);
  });

  it("ignores accents in both directions", () => {
    expect(run("pokemon ecarlate")).toEqual(["Pokémon Écarlate"]);
    expect(run("POKÉMON")).toEqual(["Pokémon Écarlate"]);
  });

  it("ignores Arabic letter variants and diacritics", () => {
    expect(run("بطاقه")).toEqual(["بطاقة هدايا أمازون"]);
    expect(run("امازون")).toEqual(["بطاقة هدايا أمازون"]);
    expect(run("بِطَاقَة")).toEqual(["بطاقة هدايا أمازون"]);
  });

  it("ranks title matches first, then earlier matches, then shorter titles", () => {
    // "steam" is in two titles (position 0 and 13) and in the Steam Wallet category of nothing else.
    expect(run("steam")).toEqual(["Steam Wallet $20", "Elden Ring (Steam Key)"]);
    // "card" matches a title (PSN) and only the parent category of Steam Wallet.
    expect(run("card")).toEqual(["PlayStation Store $10 Gift Card (US)", "Steam Wallet $20"]);
  });

  it("sorts by price in the chosen currency, both ways", () => {
    // EUR: Pokémon has an explicit 40.00 EUR; Elden is 60 USD -50% = 27.60 EUR.
    expect(run("e", { sort: "price-asc", currency: "EUR" })).toEqual([
      "PlayStation Store $10 Gift Card (US)",
      "Steam Wallet $20",
      "Elden Ring (Steam Key)",
      "Pokémon Écarlate",
    ]);
    expect(run("e", { sort: "price-desc", currency: "EUR" })[0]).toBe("Pokémon Écarlate");
  });

  it("sorts by real sales for popularity and by creation date for newest", () => {
    expect(run("e", { sort: "popularity" })).toEqual([
      "Elden Ring (Steam Key)",
      "PlayStation Store $10 Gift Card (US)",
      "Steam Wallet $20",
      "Pokémon Écarlate",
    ]);
    expect(run("e", { sort: "newest" })[0]).toBe("Elden Ring (Steam Key)");
  });

  it("keeps only the chosen platforms and regions", () => {
    expect(run("e", {}, { platforms: ["PS", "Switch"] })).toEqual([
      "Pokémon Écarlate",
      "PlayStation Store $10 Gift Card (US)",
    ]);
    expect(run("e", {}, { regions: ["US"] })).toEqual(["PlayStation Store $10 Gift Card (US)"]);
  });

  it("keeps gift cards, including products of a gift-cards subcategory", () => {
    expect(run("a", {}, { giftCards: true }).sort()).toEqual([
      "PlayStation Store $10 Gift Card (US)",
      "Steam Wallet $20",
    ]);
  });

  it("applies a price cap to the displayed (discounted) USD price", () => {
    expect(run("e", {}, { maxUsd: 10 })).toEqual(["PlayStation Store $10 Gift Card (US)"]);
    // Elden Ring lists at $60 but sells at $30 after its 50% discount.
    expect(run("e", {}, { maxUsd: 50 })).toEqual([
      "Elden Ring (Steam Key)",
      "Steam Wallet $20",
      "PlayStation Store $10 Gift Card (US)",
    ]);
    expect(run("e", {}, { maxUsd: 25 })).toHaveLength(2);
  });

  it("caches results per folded query, filters and sort", () => {
    const req: SearchRequest = {
      query: "Steam",
      filters: NO_FILTERS,
      sort: "relevance",
      currency: "USD",
      rates: DEFAULT_RATES,
    };
    const first = searchProducts(index, req);
    expect(searchProducts(index, { ...req, query: "  steam " })).toBe(first);
    expect(searchProducts(index, { ...req, sort: "newest" })).not.toBe(first);
  });
});

describe("popularProducts", () => {
  it("lists up to 6 best sellers by real sales", () => {
    expect(popularProducts(index, NO_FILTERS).map((p) => p.title)).toEqual([
      "Elden Ring (Steam Key)",
      "PlayStation Store $10 Gift Card (US)",
      "Steam Wallet $20",
      "Pokémon Écarlate",
      "بطاقة هدايا أمازون",
    ]);
    const many = buildSearchIndex(
      Array.from({ length: 10 }, (_, i) => makeProduct({ sales: i })),
      [],
    );
    expect(popularProducts(many, NO_FILTERS).map((p) => p.sales)).toEqual([9, 8, 7, 6, 5, 4]);
  });

  it("respects the active filters", () => {
    expect(popularProducts(index, { ...NO_FILTERS, platforms: ["PS"] }).map((p) => p.title)).toEqual([
      "PlayStation Store $10 Gift Card (US)",
    ]);
  });
});

describe("top results without sorting every hit", () => {
  it("keeps the smallest keys in order, as a full sort would", () => {
    let seed = 7;
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const keys = Array.from({ length: 5000 }, () => Math.floor(rand() * 1e9));
    const sorted = [...keys].sort((a, b) => a - b);
    for (const k of [1, 20, 333, 5000, 9000]) expect([...smallest(keys, k)]).toEqual(sorted.slice(0, k));
  });

  it("orders a page as the whole list would be ordered, and counts every hit", () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      makeProduct({
        title: `${["Steam", "Xbox", "Nintendo"][i % 3]} card ${(i * 37) % 100} ${"e".repeat(1 + (i % 4))}`,
        price: usd(100 + ((i * 53) % 900)),
        sales: (i * 7) % 13,
      }),
    );
    for (const sort of SEARCH_SORTS) {
      const req: SearchRequest = { query: "ee", filters: NO_FILTERS, sort, currency: "EUR", rates: DEFAULT_RATES };
      // The whole list read at once, against the same list read a page at a time from a fresh index.
      const whole = searchProducts(buildSearchIndex(many, categories), req).slice();
      const paged = searchProducts(buildSearchIndex(many, categories), req);
      expect(paged.slice(0, 2)).toEqual(whole.slice(0, 2));
      expect(paged.at(3)).toEqual(whole[3]);
      expect(paged.slice(0, paged.length)).toEqual(whole);
      expect(paged.length).toBe(whole.length);
      expect(whole.length).toBe(90);
    }
  });
});

describe("the word index", () => {
  const words = ["steam", "team", "card", "wallet", "édition", "bonus", "ps", "كود", "هدية", "$20", "x-box"];
  let seed = 11;
  const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const pickWord = () => words[Math.floor(rand() * words.length)] ?? "";
  const many = Array.from({ length: 300 }, (_, i) =>
    makeProduct({
      title: `${pickWord()} ${pickWord()} ${i}`,
      description: Array.from({ length: 1 + Math.floor(rand() * 6) }, pickWord).join(" "),
      categoryId: i % 4 === 0 ? "c-steam" : null,
    }),
  );
  const manyIndex = buildSearchIndex(many, categories);
  const byId = new Map(categories.map((c) => [c.id, c]));

  /** The plain scan the index stands for: every product's folded title, then its folded other text. */
  function scan(query: string): string[] {
    const q = normalizeText(query);
    const rows = many.flatMap((p) => {
      const category = p.categoryId === null ? undefined : byId.get(p.categoryId);
      const parent = category?.parentId ? byId.get(category.parentId) : undefined;
      const title = normalizeText(p.title);
      const rest = normalizeText([p.description, category?.name ?? "", parent?.name ?? "", p.platform].join(" "));
      const inTitle = title.indexOf(q);
      const inRest = rest.indexOf(q);
      if (inTitle < 0 && inRest < 0) return [];
      return [{ p, title, key: inTitle >= 0 ? [0, inTitle, title.length] : [1, inRest, title.length] }];
    });
    rows.sort((a, b) => {
      for (let i = 0; i < 3; i++) if ((a.key[i] ?? 0) !== (b.key[i] ?? 0)) return (a.key[i] ?? 0) - (b.key[i] ?? 0);
      return a.title < b.title ? -1 : a.title > b.title ? 1 : a.p.id < b.p.id ? -1 : 1;
    });
    return rows.map((r) => r.p.id);
  }

  const queries = [
    ...words,
    ...words.map((w) => w.slice(1, 3)),
    "e",
    "a",
    "1",
    "0",
    "m c",
    "steam card",
    "team car",
    "am card",
    "am ca",
    "card 1",
    "d 2",
    "edition bonus ps",
    "bonus  steam",
    "كود هدية",
    "wallet stea",
    "gift cards",
    "zzz",
    "steam wallet gift",
  ];

  it.each(queries)("finds %j exactly where a plain scan of every text does, in the same order", (query) => {
    const expected = scan(query);
    const hits = searchProducts(manyIndex, {
      query,
      filters: NO_FILTERS,
      sort: "relevance",
      currency: "USD",
      rates: DEFAULT_RATES,
    });
    expect(hits.length).toBe(expected.length);
    expect(hits.slice(0, 5).map((p) => p.id)).toEqual(expected.slice(0, 5));
    expect(hits.slice().map((p) => p.id)).toEqual(expected);
    const newest = searchProducts(manyIndex, {
      query,
      filters: NO_FILTERS,
      sort: "newest",
      currency: "USD",
      rates: DEFAULT_RATES,
    });
    expect(new Set(newest.slice().map((p) => p.id))).toEqual(new Set(expected));
  });
});

describe("rebuilding after a change", () => {
  it("folds again only the products and categories that changed, and finds what they say now", () => {
    const keys = makeCategory("c-b", "Keys");
    const cats = [makeCategory("c-a", "Wallets"), keys];
    const a = makeProduct({ title: "Alpha", categoryId: "c-a" });
    const b = makeProduct({ title: "Beta", categoryId: "c-b" });
    const c = makeProduct({ title: "Gamma", categoryId: null });
    const before = buildSearchIndex([a, b, c], cats);
    const renamed = { ...b, title: "Delta", version: b.version + 1 };
    const after = buildSearchIndex([a, renamed, c], [makeCategory("c-a", "Purses"), keys], before);
    expect(after.folds.get(c.id)).toBe(before.folds.get(c.id));
    expect(after.folds.get(b.id)).not.toBe(before.folds.get(b.id));
    expect(after.folds.get(a.id)).not.toBe(before.folds.get(a.id));
    const titles = (query: string) =>
      searchProducts(after, { query, filters: NO_FILTERS, sort: "relevance", currency: "USD", rates: DEFAULT_RATES })
        .slice()
        .map((p) => p.title);
    expect(titles("delta")).toEqual(["Delta"]);
    expect(titles("beta")).toEqual([]);
    expect(titles("purses")).toEqual(["Alpha"]);
    expect(titles("wallets")).toEqual([]);
  });

  it("builds from the last index what a build from nothing builds, through many small changes", () => {
    let seed = 11;
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)] as T;
    const words = ["steam", "xbox", "card", "gift", "wallet", "pass", "ultimate", "bطاقة", "écarlate", "key", "pro"];
    const text = (n: number) => Array.from({ length: n }, () => pick(words)).join(" ");
    let catalog = Array.from({ length: 300 }, () =>
      makeProduct({ title: text(3), description: text(6), sales: Math.floor(rand() * 20) }),
    );
    let last = buildSearchIndex(catalog, categories);
    const firstVocabulary = last.folds.get(catalog[0]?.id ?? "")?.run?.vocabulary;
    for (let round = 0; round < 40; round++) {
      // A few renamed, one gone, one new.
      const before = new Set(catalog);
      catalog = catalog.map((p) =>
        rand() < 0.02 ? { ...p, title: text(3), version: p.version + 1, sales: Math.floor(rand() * 20) } : p,
      );
      catalog.splice(Math.floor(rand() * catalog.length), 1);
      catalog.push(makeProduct({ title: `${text(2)} w${round}`, description: text(4) }));
      const unchanged = catalog.find((p) => before.has(p));
      const next = buildSearchIndex(catalog, categories, last);
      const fresh = buildSearchIndex(catalog, categories);
      expect(next.entries.map((e) => e.product.id)).toEqual(fresh.entries.map((e) => e.product.id));
      expect([...next.bySales]).toEqual([...fresh.bySales]);
      expect([...next.byNewest]).toEqual([...fresh.byNewest]);
      for (const query of ["steam", "car", "gift wal", "w3", `w${round}`, "écar", "pro key", "zzz"]) {
        for (const sort of ["relevance", "newest"] as const) {
          const req: SearchRequest = { query, filters: NO_FILTERS, sort, currency: "USD", rates: DEFAULT_RATES };
          const ids = (i: typeof next) =>
            searchProducts(i, req)
              .slice()
              .map((p) => p.id);
          expect(ids(next), `${query} ${sort} round ${round}`).toEqual(ids(fresh));
        }
      }
      // An unchanged product's words were not cut again.
      if (unchanged) expect(next.folds.get(unchanged.id)?.run).toBe(last.folds.get(unchanged.id)?.run);
      last = next;
    }
    // Every round left its "w<round>" word behind once its product went: the vocabulary was renewed on the way.
    expect(last.folds.get(catalog[0]?.id ?? "")?.run?.vocabulary).not.toBe(firstVocabulary);
  });
});

describe("catalog text in the shopper's language", () => {
  const cards = makeCategory("c-cards", "Gift Cards");
  const translated = makeProduct({
    title: "Steam Wallet 50",
    description: "Top up",
    categoryId: "c-cards",
    translations: {
      fr: { title: "Carte cadeau Steam 50", description: "Recharge du portefeuille" },
      ar: { title: "بطاقة ستيم 50" },
    },
  });
  const plain = makeProduct({ title: "Xbox Live Gold" });
  const localized = (lang: string, query: string, previous?: ReturnType<typeof buildSearchIndex>) =>
    searchProducts(
      buildSearchIndex([translated, plain], [{ ...cards, translations: { fr: { name: "Cartes" } } }], previous, lang),
      {
        query,
        filters: NO_FILTERS,
        sort: "relevance",
        currency: "USD",
        rates: DEFAULT_RATES,
      },
    )
      .slice()
      .map((p) => [p.id, p.title]);

  it("finds a product by its French title in French, and shows it by that title", () => {
    expect(localized("fr", "carte cadeau")).toEqual([[translated.id, "Carte cadeau Steam 50"]]);
    expect(localized("fr", "portefeuille")).toEqual([[translated.id, "Carte cadeau Steam 50"]]);
    // The default title and the translated category name still find it.
    expect(localized("fr", "steam wallet")).toEqual([[translated.id, "Carte cadeau Steam 50"]]);
    expect(localized("fr", "cartes")).toEqual([[translated.id, "Carte cadeau Steam 50"]]);
    // A product without translations is as before.
    expect(localized("fr", "xbox")).toEqual([[plain.id, "Xbox Live Gold"]]);
  });

  it("finds it by its Arabic title in Arabic, and not by the French one in English", () => {
    expect(localized("ar", "ستيم")).toEqual([[translated.id, "بطاقة ستيم 50"]]);
    expect(localized("en", "carte cadeau")).toEqual([]);
    expect(localized("en", "steam")).toEqual([[translated.id, "Steam Wallet 50"]]);
  });

  it("folds again on a change of language only the products translated into either", () => {
    const en = buildSearchIndex([translated, plain], [cards]);
    const fr = buildSearchIndex([translated, plain], [cards], en, "fr");
    expect(fr.folds.get(plain.id)).toBe(en.folds.get(plain.id));
    expect(fr.folds.get(translated.id)).not.toBe(en.folds.get(translated.id));
  });
});
