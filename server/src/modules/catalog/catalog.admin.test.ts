import { describe, expect, it, vi } from "vitest";
import type { Category, Product } from "@store/shared/schemas/catalog";
import type { AdminProductPage } from "@store/shared/schemas/admin";
import { editConflictSchema } from "@store/shared/schemas/conflict";
import type { TestStore } from "../../test/harness.ts";
import { adminStoreForEachTest, type AdminClient } from "../../test/admin-session.ts";
import { syncDelta, syncVersion } from "../../test/sync.ts";

describe("admin products", () => {
  let store: TestStore;
  let admin: AdminClient;
  adminStoreForEachTest((opened) => ({ store, admin } = opened));

  /** Every page of the admin list for `query`, following the cursors. */
  async function allPages(query = ""): Promise<{ pages: AdminProductPage[]; products: Product[] }> {
    const pages: AdminProductPage[] = [];
    let cursor: string | null = null;
    do {
      const at: string = cursor === null ? "" : `&cursor=${encodeURIComponent(cursor)}`;
      const res = await admin.request("GET", `/api/admin/products?limit=10${query}${at}`);
      expect(res.status).toBe(200);
      const page = (await res.json()) as AdminProductPage;
      pages.push(page);
      cursor = page.next;
    } while (cursor !== null && pages.length < 100);
    return { pages, products: pages.flatMap((p) => p.products) };
  }

  it("lists the products a page at a time, newest first, with their variants (keyset cursor, D30)", async () => {
    const first = (await (await admin.request("GET", "/api/admin/products")).json()) as AdminProductPage;
    expect(first.products).toHaveLength(24);
    expect(first.next).not.toBeNull();
    const { pages, products } = await allPages();
    expect(products.length).toBeGreaterThanOrEqual(40);
    expect(pages.slice(0, -1).every((p) => p.products.length === 10)).toBe(true);
    expect(pages.at(-1)?.next).toBeNull();
    // Every product once, newest first (ties broken by id, descending), whatever the page size.
    expect(new Set(products.map((p) => p.id)).size).toBe(products.length);
    const sorted = [...products].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    expect(products.map((p) => p.id)).toEqual(sorted.map((p) => p.id));
    expect(products.slice(0, 24).map((p) => p.id)).toEqual(first.products.map((p) => p.id));
    expect(products.some((p) => p.variants.length > 0)).toBe(true);
  });

  it("pages products created in the same millisecond without losing or repeating one", async () => {
    const at = Date.now() + 60_000;
    await store.query((db, t) =>
      db.insert(t.products).values(
        Array.from({ length: 13 }, (_, i) => ({
          id: `same-${String(i).padStart(2, "0")}`,
          title: `Twin ${i}`,
          rev: 1,
          version: 1,
          createdAt: at,
          updatedAt: at,
        })),
      ),
    );
    const { products } = await allPages("&q=twin");
    expect(products.map((p) => p.id)).toEqual(
      Array.from({ length: 13 }, (_, i) => `same-${String(12 - i).padStart(2, "0")}`),
    );
  });

  it("searches by part of a title in any case, or by id, and filters by category", async () => {
    const made = await admin.request("POST", "/api/admin/products", {
      title: "Zebra 100% Card_X",
      price: { USD: 500 },
      categoryId: "cat-gift-cards",
    });
    const zebra = (await made.json()) as Product;
    const titles = async (query: string) => (await allPages(query)).products.map((p) => p.id);
    expect(await titles("&q=EBRA%20100")).toEqual([zebra.id]);
    // % and _ are matched as themselves, not as wildcards.
    expect(await titles("&q=100%25%20card_x")).toEqual([zebra.id]);
    expect(await titles("&q=100%25%25")).toEqual([]);
    expect(await titles(`&q=${zebra.id}`)).toEqual([zebra.id]);
    const inCategory = (await allPages("&category=cat-gift-cards")).products;
    expect(inCategory.length).toBeGreaterThan(1);
    expect(inCategory.every((p) => p.categoryId === "cat-gift-cards")).toBe(true);
    expect(inCategory[0]?.id).toBe(zebra.id);
    expect(await titles("&category=cat-gift-cards&q=zebra")).toEqual([zebra.id]);
    expect(await titles("&category=no-such-category")).toEqual([]);
  });

  it("refuses a cursor it did not make", async () => {
    const res = await admin.request("GET", "/api/admin/products?cursor=not-a-cursor");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields?: Record<string, unknown> }).fields).toHaveProperty("cursor");
  });

  it("creates, updates and deletes a product, each visible in the sync delta", async () => {
    const v0 = await syncVersion(store);
    const created = await admin.request("POST", "/api/admin/products", {
      title: "  Test Card ",
      description: "A card",
      price: { USD: 1999, TND: 0, EUR: 0, EGP: 0 },
      discountPercent: 10,
      platform: "PC",
      region: "Global",
      sku: "TS-8092",
      categoryId: "cat-gift-cards",
      variants: [
        { name: "Small", price: { USD: 999 } },
        { name: "Large", price: { USD: 4999, TND: 16000 } },
      ],
    });
    expect(created.status).toBe(201);
    const p = (await created.json()) as Product;
    expect(p).toMatchObject({
      title: "Test Card",
      sku: "TS-8092",
      inStock: true,
      discountPercent: 10,
      version: 1,
      categoryId: "cat-gift-cards",
    });
    expect(p.variants.map((v) => [v.name, v.price.USD, v.price.TND])).toEqual([
      ["Small", 999, 0],
      ["Large", 4999, 16000],
    ]);

    const d1 = await syncDelta(store, v0);
    expect(d1.full).toBe(false);
    expect(d1.products.map((x) => x.id)).toEqual([p.id]);
    expect(d1.version).toBe(v0 + 1);

    const large = p.variants[1];
    const updated = await admin.request("PUT", `/api/admin/products/${p.id}`, {
      title: "Test Card 2",
      version: 1,
      variants: [{ id: large?.id, name: "Large", price: { USD: 5999 } }],
    });
    expect(updated.status).toBe(200);
    const u = (await updated.json()) as Product;
    expect(u.version).toBe(2);
    expect(u.title).toBe("Test Card 2");
    expect(u.sku).toBe("TS-8092");
    expect(u.variants).toEqual([{ id: large?.id, name: "Large", price: { USD: 5999, TND: 0, EUR: 0, EGP: 0 } }]);
    const d2 = await syncDelta(store, d1.version);
    expect(d2.products.map((x) => x.title)).toEqual(["Test Card 2"]);

    const del = await admin.request("DELETE", `/api/admin/products/${p.id}`);
    expect(del.status).toBe(200);
    const d3 = await syncDelta(store, d2.version);
    expect(d3.deleted.products).toEqual([p.id]);
    expect(d3.products).toEqual([]);
    expect((await admin.request("GET", `/api/admin/products/${p.id}`)).status).toBe(404);
    expect((await admin.request("DELETE", `/api/admin/products/${p.id}`)).status).toBe(404);
  });

  it("refuses an edit made against an older version with 409 and the current product", async () => {
    const first = await admin.request("PUT", "/api/admin/products/steam-20", { title: "Mine", version: 1 });
    expect(first.status).toBe(200);
    const v = await syncVersion(store);
    const stale = await admin.request("PUT", "/api/admin/products/steam-20", { title: "Theirs", version: 1 });
    expect(stale.status).toBe(409);
    // The body the console's outbox reads: the shared schema's, with the product as it is now.
    const body = editConflictSchema.parse(await stale.json());
    expect(body.error).toBe("This product was changed by someone else.");
    expect(body.code).toBe("edit_conflict");
    expect(body.current).toMatchObject({ id: "steam-20", title: "Mine", version: 2 });
    expect(await syncVersion(store)).toBe(v);
    expect((await admin.request("DELETE", "/api/admin/products/steam-20?version=1")).status).toBe(409);
  });

  it("accepts the spec's legacy body (USD price in major units, image_url, category_id)", async () => {
    const res = await admin.request("POST", "/api/admin/products", {
      title: "Legacy",
      description: "Old shape",
      price: 12.5,
      image_url: "https://cdn.example/img.png",
      category_id: "cat-gift-cards",
    });
    expect(res.status).toBe(201);
    const p = (await res.json()) as Product;
    expect(p.price).toEqual({ USD: 1250, TND: 0, EUR: 0, EGP: 0 });
    expect(p.image).toBe("https://cdn.example/img.png");
    expect(p.categoryId).toBe("cat-gift-cards");
    const put = await admin.request("PUT", `/api/admin/products/${p.id}`, {
      title: "Legacy",
      price: "7",
      image_url: "",
      category_id: null,
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ price: { USD: 700 }, image: "", categoryId: null });
  });

  it("answers bad input with 400 and field messages, writing nothing", async () => {
    const v = await syncVersion(store);
    // Each field error comes in English and as a code with its parameters (docs/decisions.md D29).
    const cases: [unknown, string, { code: string; params?: Record<string, unknown> }][] = [
      [{ description: "no title" }, "title", { code: "required" }],
      [{ title: "  " }, "title", { code: "required" }],
      [{ title: "x".repeat(201) }, "title", { code: "too_long", params: { max: 200 } }],
      [{ title: "x", discountPercent: 101 }, "discountPercent", { code: "too_big", params: { max: 100 } }],
      [{ title: "x", discountPercent: -1 }, "discountPercent", { code: "too_small", params: { min: 0 } }],
      [{ title: "x", price: { USD: -1 } }, "price.USD", { code: "too_small", params: { min: 0 } }],
      [{ title: "x", price: { USD: 1.5 } }, "price.USD", { code: "not_whole_number" }],
      [{ title: "x", price: "abc" }, "price", { code: "wrong_type", params: { expected: "object" } }],
      [{ title: "x", price: { USD: 100 }, categoryId: "nope" }, "categoryId", { code: "category_not_found" }],
      [{ title: "x", image: "javascript:alert(1)" }, "image", { code: "invalid_image" }],
      [{ title: "x", variants: [{ name: "" }] }, "variants.0.name", { code: "required" }],
      [{ title: "x", inStock: "yes" }, "inStock", { code: "wrong_type", params: { expected: "boolean" } }],
    ];
    for (const [body, field, coded] of cases) {
      const res = await admin.request("POST", "/api/admin/products", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const json = (await res.json()) as {
        error: string;
        code: string;
        fields: Record<string, string>;
        fieldCodes: Record<string, unknown>;
      };
      expect(json.fields[field], JSON.stringify(json)).toBeTruthy();
      expect(json.fieldCodes[field], JSON.stringify(json)).toEqual(coded);
      expect(json.code).toBe(coded.code === "category_not_found" ? "category_not_found" : "invalid_request");
    }
    for (const body of ["[]", "null", "{", '"x"']) {
      const res = await admin.request("POST", "/api/admin/products", body);
      expect(res.status).toBe(400);
    }
    expect(await syncVersion(store)).toBe(v);
    expect((await admin.request("PUT", "/api/admin/products/nope", { title: "x" })).status).toBe(404);
  });

  it("refuses a price shoppers would see as 0, naming the field and currency, and writes nothing", async () => {
    const v = await syncVersion(store);
    type Refusal = { fields: Record<string, string>; fieldCodes: Record<string, unknown> };
    const refused = async (res: Response): Promise<Refusal> => {
      expect(res.status).toBe(400);
      return (await res.json()) as Refusal;
    };
    // A product without options is sold at its base price: USD 0 (with TND set) is $0.00, EUR 0.00, EGP 0.00.
    const base = await refused(
      await admin.request("POST", "/api/admin/products", { title: "Free?", price: { USD: 0, TND: 3000 } }),
    );
    expect(base.fields["price.USD"]).toBe("Base price in USD cannot be 0");
    expect(base.fieldCodes["price.USD"]).toEqual({ code: "zero_price", params: { currency: "USD" } });
    // With options, each option is sold at its own price: the one typed too quickly is named.
    const option = await refused(
      await admin.request("POST", "/api/admin/products", {
        title: "Options",
        variants: [
          { name: "Small", price: { USD: 999 } },
          { name: "Large", price: { USD: 0, TND: 16000 } },
        ],
      }),
    );
    expect(option.fields).toEqual({ "variants.1.price.USD": 'Option "Large": price in USD cannot be 0' });
    expect(option.fieldCodes["variants.1.price.USD"]).toEqual({
      code: "zero_price",
      params: { currency: "USD", option: "Large" },
    });
    // An update is checked against what it would leave stored: options dropped leave the base price of 0 for sale.
    const before = (await (await admin.request("GET", "/api/admin/products/steam-20")).json()) as Product;
    const put = async (body: unknown) => refused(await admin.request("PUT", "/api/admin/products/steam-20", body));
    expect(Object.keys((await put({ price: { USD: 0, TND: 64000 } })).fields)).toEqual(["price.USD"]);
    expect(Object.keys((await put({ variants: [{ name: "Zero", price: {} }] })).fields)).toEqual([
      "variants.0.price.USD",
    ]);
    const withOptions = await admin.request("POST", "/api/admin/products", {
      title: "Sold by option",
      variants: [{ name: "One", price: { USD: 500 } }],
    });
    expect(withOptions.status).toBe(201);
    const made = (await withOptions.json()) as Product;
    expect(made.price.USD).toBe(0);
    const dropped = await refused(await admin.request("PUT", `/api/admin/products/${made.id}`, { variants: [] }));
    expect(Object.keys(dropped.fields)).toEqual(["price.USD"]);
    // Nothing was written by any refusal.
    expect((await (await admin.request("GET", "/api/admin/products/steam-20")).json()) as Product).toEqual(before);
    const delta = await syncDelta(store, v);
    expect(delta.products.map((p) => p.id)).toEqual([made.id]);
  });

  it("saves the editor's platform, region and tagline and syncs them to the storefront", async () => {
    const v = await syncVersion(store);
    const res = await admin.request("POST", "/api/admin/products", {
      title: "Console card",
      price: { USD: 2500 },
      platform: "PS",
      region: "EU",
      tagline: "  Top up in seconds ",
    });
    expect(res.status).toBe(201);
    const made = (await res.json()) as Product;
    expect(made).toMatchObject({ platform: "PS", region: "EU", tagline: "Top up in seconds" });
    const compact = (await (await store.app.request(`/api/sync?since=${v}&compact=1`)).json()) as {
      products: Record<string, unknown>[];
    };
    expect(compact.products.find((p) => p.id === made.id)).toMatchObject({
      platform: "PS",
      region: "EU",
      tagline: "Top up in seconds",
    });
    const long = await admin.request("PUT", `/api/admin/products/${made.id}`, { tagline: "x".repeat(201) });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { fieldCodes: Record<string, unknown> }).fieldCodes.tagline).toEqual({
      code: "too_long",
      params: { max: 200 },
    });
    const moved = await admin.request("PUT", `/api/admin/products/${made.id}`, { platform: "Xbox", region: "Global" });
    expect((await moved.json()) as Product).toMatchObject({ platform: "Xbox", region: "Global", version: 2 });
  });

  it("saves catalog text in French and Arabic, refuses one too long, and syncs it (nothing for a product without)", async () => {
    const v = await syncVersion(store);
    const res = await admin.request("POST", "/api/admin/products", {
      title: "Gift card",
      price: { USD: 1000 },
      translations: {
        fr: { title: " Carte cadeau ", tagline: "", description: "Un code par email" },
        ar: { title: "بطاقة هدية" },
      },
    });
    expect(res.status).toBe(201);
    const made = (await res.json()) as Product;
    // Empty texts are dropped; the others are trimmed.
    expect(made.translations).toEqual({
      fr: { title: "Carte cadeau", description: "Un code par email" },
      ar: { title: "بطاقة هدية" },
    });
    const tooLong = await admin.request("PUT", `/api/admin/products/${made.id}`, {
      translations: { ar: { title: "ب".repeat(201) } },
    });
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { fieldCodes: Record<string, unknown> }).fieldCodes).toEqual({
      "translations.ar.title": { code: "too_long", params: { max: 200 } },
    });
    const notText = await admin.request("PUT", `/api/admin/products/${made.id}`, {
      translations: { fr: { title: 5 } },
    });
    expect(notText.status).toBe(400);

    // A category and a banner carry their own.
    const category = await admin.request("POST", "/api/categories", {
      name: "Vouchers",
      translations: { fr: { name: "Bons" }, ar: { name: "قسائم" } },
    });
    expect(((await category.json()) as Category).translations).toEqual({ fr: { name: "Bons" }, ar: { name: "قسائم" } });
    const longName = await admin.request("POST", "/api/categories", {
      name: "Other",
      translations: { fr: { name: "x".repeat(101) } },
    });
    expect(longName.status).toBe(400);
    const banner = await admin.request("POST", "/api/admin/banners", {
      title: "Summer",
      translations: { ar: { title: "الصيف" } },
    });
    expect(banner.status).toBe(201);

    const compact = (await (await store.app.request(`/api/sync?since=${v}&compact=1`)).json()) as {
      products: Record<string, unknown>[];
      categories: Record<string, unknown>[];
      banners: Record<string, unknown>[];
    };
    expect(compact.products.find((p) => p.id === made.id)?.translations).toEqual(made.translations);
    expect(compact.categories.find((c) => c.name === "Vouchers")?.translations).toEqual({
      fr: { name: "Bons" },
      ar: { name: "قسائم" },
    });
    expect(compact.banners.find((b) => b.title === "Summer")?.translations).toEqual({ ar: { title: "الصيف" } });
    // A product without translations adds nothing to the answer (the demo products all carry theirs).
    const plain = await admin.request("POST", "/api/admin/products", { title: "Plain card", price: { USD: 500 } });
    expect(plain.status).toBe(201);
    const plainId = ((await plain.json()) as Product).id;
    const full = (await (await store.app.request("/api/sync?compact=1")).json()) as {
      products: Record<string, unknown>[];
    };
    expect(full.products.find((p) => p.id === plainId)).not.toHaveProperty("translations");
    expect(full.products.find((p) => p.id === made.id)).toHaveProperty("translations");

    // Clearing them: an empty set stores none.
    const cleared = await admin.request("PUT", `/api/admin/products/${made.id}`, {
      translations: { fr: { title: "" }, ar: {} },
    });
    expect(((await cleared.json()) as Product).translations).toBeUndefined();
  });

  it("stores an image sent as a data URL as an upload", async () => {
    const sharp = (await import("sharp")).default;
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const res = await admin.request("POST", "/api/admin/products", {
      title: "Pic",
      price: { USD: 100 },
      image: `data:image/png;base64,${png.toString("base64")}`,
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as Product).image).toMatch(/^\/uploads\/[0-9a-f]+-1200\.webp$/);
  });

  it("replays an edit with the same Idempotency-Key without applying it twice", async () => {
    const body = { title: "Once", price: { USD: 100 } };
    const a = await admin.request("POST", "/api/admin/products", body, { "Idempotency-Key": "k-1" });
    const b = await admin.request("POST", "/api/admin/products", body, { "Idempotency-Key": "k-1" });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    const pa = (await a.json()) as Product;
    expect(((await b.json()) as Product).id).toBe(pa.id);
    const list = (await (await admin.request("GET", "/api/admin/products?q=once")).json()) as AdminProductPage;
    expect(list.products.filter((p) => p.title === "Once")).toHaveLength(1);
  });

  it("replays a category created with an Idempotency-Key (as the offline outbox sends it) without a second one", async () => {
    const a = await admin.request("POST", "/api/categories", { name: "Keyed" }, { "Idempotency-Key": "c-1" });
    const b = await admin.request("POST", "/api/categories", { name: "Keyed" }, { "Idempotency-Key": "c-1" });
    expect([a.status, b.status]).toEqual([201, 201]);
    const created = (await a.json()) as { id: string };
    expect(await b.json()).toEqual(created);
    const edit = { name: "Keyed again" };
    const put = await admin.request("PUT", `/api/categories/${created.id}`, edit, { "Idempotency-Key": "c-2" });
    expect(put.status).toBe(200);
  });

  it("commits an edit and its stored answer together: when the answer cannot be stored, nothing is applied", async () => {
    const body = { title: "Atomic", price: { USD: 100 } };
    const titled = async () =>
      ((await (await admin.request("GET", "/api/admin/products?q=atomic")).json()) as AdminProductPage).products.filter(
        (p) => p.title === "Atomic",
      );
    const failOnce = vi.spyOn(store.services.idempotency, "complete").mockRejectedValueOnce(new Error("disk full"));
    const failed = await admin.request("POST", "/api/admin/products", body, { "Idempotency-Key": "k-atomic" });
    expect(failOnce).toHaveBeenCalledTimes(1);
    expect(failed.status).toBe(500);
    expect(await titled()).toHaveLength(0);
    // The retry with the same key applies the edit once, and a replay gets that answer back.
    const retried = await admin.request("POST", "/api/admin/products", body, { "Idempotency-Key": "k-atomic" });
    const replayed = await admin.request("POST", "/api/admin/products", body, { "Idempotency-Key": "k-atomic" });
    expect(retried.status).toBe(201);
    expect(replayed.headers.get("Idempotent-Replayed")).toBe("true");
    expect(((await replayed.json()) as Product).id).toBe(((await retried.json()) as Product).id);
    expect(await titled()).toHaveLength(1);
  });
});

describe("admin categories", () => {
  let store: TestStore;
  let admin: AdminClient;
  adminStoreForEachTest((opened) => ({ store, admin } = opened));

  async function create(name: unknown, parentId: string | null = null): Promise<Response> {
    return admin.request("POST", "/api/categories", { name, parentId });
  }

  it("creates a category and a subcategory with slugs, visible to sync", async () => {
    const v = await syncVersion(store);
    const res = await create("  Retro Games! ");
    expect(res.status).toBe(201);
    const cat = (await res.json()) as Category;
    expect(cat).toMatchObject({ name: "Retro Games!", slug: "retro-games", parentId: null });
    const sub = await create("Atari", cat.id);
    expect(sub.status).toBe(201);
    expect(await sub.json()).toMatchObject({ slug: "atari", parentId: cat.id });
    const d = await syncDelta(store, v);
    expect(d.categories.map((c) => c.name)).toEqual(["Retro Games!", "Atari"]);
    const list = (await (await store.app.request("/api/categories")).json()) as Category[];
    expect(list.some((c) => c.id === cat.id)).toBe(true);
  });

  it("requires a name", async () => {
    for (const name of ["", "   ", undefined, 42]) {
      const res = await create(name);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: "Category name is required" });
    }
    const put = await admin.request("PUT", "/api/categories/cat-gift-cards", { name: " " });
    expect(await put.json()).toMatchObject({ error: "Category name is required" });
  });

  it("refuses a duplicate name", async () => {
    const res = await create("gift   CARDS");
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: "A category with this name already exists" });
  });

  it("keeps one level of nesting", async () => {
    const sub = await create("Deeper", "cat-steam-wallet");
    expect(sub.status).toBe(400);
    expect(await sub.json()).toMatchObject({ fields: { parentId: expect.any(String) } });
    const self = await admin.request("PUT", "/api/categories/cat-gift-cards", {
      name: "Gift Cards",
      parentId: "cat-gift-cards",
    });
    expect(self.status).toBe(400);
    const withChildren = await admin.request("PUT", "/api/categories/cat-gift-cards", {
      name: "Gift Cards",
      parentId: "cat-console",
    });
    expect(withChildren.status).toBe(400);
    expect(await withChildren.json()).toMatchObject({
      error: "A category with subcategories cannot become a subcategory",
    });
    expect((await create("Orphan", "missing")).status).toBe(400);
  });

  it("renames a category and moves it", async () => {
    const fresh = (await (await create("Temp")).json()) as Category;
    const res = await admin.request("PUT", `/api/categories/${fresh.id}`, {
      name: "Temp Renamed",
      parentId: "cat-gift-cards",
      version: 1,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      name: "Temp Renamed",
      slug: "temp-renamed",
      parentId: "cat-gift-cards",
      version: 2,
    });
    const stale = await admin.request("PUT", `/api/categories/${fresh.id}`, { name: "X", version: 1 });
    expect(stale.status).toBe(409);
    expect(editConflictSchema.parse(await stale.json()).current).toMatchObject({ name: "Temp Renamed", version: 2 });
    expect((await admin.request("PUT", "/api/categories/missing", { name: "X" })).status).toBe(404);
  });

  it("refuses to delete a category with subcategories or products, and deletes an unused one", async () => {
    const parent = await admin.request("DELETE", "/api/categories/cat-gift-cards");
    expect(parent.status).toBe(409);
    expect(await parent.json()).toEqual({
      error: "Cannot delete category with subcategories. Delete subcategories first.",
      code: "category_has_subcategories",
    });
    const used = await admin.request("DELETE", "/api/categories/cat-steam-wallet");
    expect(used.status).toBe(409);
    expect(await used.json()).toEqual({ error: "Cannot delete category in use", code: "category_in_use" });

    const v = await syncVersion(store);
    const fresh = (await (await create("Empty")).json()) as Category;
    const del = await admin.request("DELETE", `/api/categories/${fresh.id}`);
    expect(del.status).toBe(200);
    const d = await syncDelta(store, v + 1);
    expect(d.deleted.categories).toEqual([fresh.id]);
    expect((await admin.request("DELETE", `/api/categories/${fresh.id}`)).status).toBe(404);
  });
});
