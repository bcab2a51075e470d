/** "Email me when it is back" and "Only N left", on SQLite and (TEST_DATABASE=postgres) PostgreSQL: the request and
 * its refusals, one email per request when an import brings codes (in the language asked in, the option respected),
 * the signed unsubscribe link, and the availability answer. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { availabilitySchema, MAX_STOCK_REQUESTS_PER_EMAIL } from "@store/shared/schemas/stock-requests";
import { openAdminStore, type AdminClient } from "../../test/admin-session.ts";
import { jsonRequest, type TestStore } from "../../test/harness.ts";

let store: TestStore;
let admin: AdminClient;

beforeAll(async () => {
  // Each request comes from its own address (the last X-Forwarded-For hop) unless a test names one.
  ({ store, admin } = await openAdminStore({ seed: false, env: { TRUST_PROXY: "true" } }));
});
afterAll(() => store.close());

const prices = { USD: 1000, TND: 3100, EUR: 900, EGP: 50000 };

/** A product sold from code stock, with no code yet (and two options when `options`). */
async function product(id: string, options = false, lowStockThreshold = 3): Promise<void> {
  const res = await admin.request("POST", "/api/admin/products", {
    id,
    title: `Gift card ${id}`,
    description: "A card",
    image: "/placeholder.svg",
    price: prices,
    variants: options
      ? [
          { id: `${id}-10`, name: "10 USD", price: prices },
          { id: `${id}-50`, name: "50 USD", price: prices },
        ]
      : [],
    deliveryMode: "automatic",
    lowStockThreshold,
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

async function importCodes(id: string, codes: string[], variantId?: string): Promise<void> {
  const res = await admin.request("POST", `/api/admin/products/${id}/codes/import`, {
    text: codes.join("\n"),
    ...(variantId ? { variantId } : {}),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

let addresses = 0;
function ask(body: Record<string, unknown>, address = `198.51.100.${++addresses % 250}`): Promise<Response> {
  return Promise.resolve(
    store.app.request("/api/stock-requests", jsonRequest("POST", body, { "X-Forwarded-For": address })),
  );
}

async function mailsTo(to: string) {
  return store.query((db, t) => db.select().from(t.mailOutbox).where(eq(t.mailOutbox.to, to)).orderBy(t.mailOutbox.id));
}

async function pending() {
  return store.query((db, t) => db.select().from(t.stockRequests));
}

describe("Email me when it is back", () => {
  it("queues one email per request when codes arrive, in the language asked in, and forgets the request", async () => {
    await product("bis-one");
    const email = "Back.Shopper@Example.com";
    expect((await ask({ productId: "bis-one", email, locale: "fr" })).status).toBe(201);
    // Asking again answers the same and keeps one request.
    expect((await ask({ productId: "bis-one", email: email.toLowerCase(), locale: "fr" })).status).toBe(201);
    expect((await pending()).filter((r) => r.productId === "bis-one")).toHaveLength(1);
    expect(await mailsTo("back.shopper@example.com")).toHaveLength(0);

    await importCodes("bis-one", ["BIS-ONE-0001", "BIS-ONE-0002"]);
    const mails = await mailsTo("back.shopper@example.com");
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.kind).toBe("back_in_stock");
    expect(mail?.subject).toBe("Gift card bis-one est de nouveau en stock");
    expect(mail?.text).toContain("http://store.test/product/bis-one");
    expect(mail?.text).toContain("http://store.test/api/stock-requests/unsubscribe?email=back.shopper%40example.com");
    // The code itself is never in it.
    expect(mail?.text).not.toContain("BIS-ONE-0001");
    expect((await pending()).filter((r) => r.productId === "bis-one")).toHaveLength(0);

    // A later import sends nothing more: the request was answered.
    await importCodes("bis-one", ["BIS-ONE-0003"]);
    expect(await mailsTo("back.shopper@example.com")).toHaveLength(1);
  });

  it("waits for the option asked for; a request without one takes any option", async () => {
    await product("bis-opt", true);
    expect((await ask({ productId: "bis-opt", variantId: "bis-opt-50", email: "fifty@example.com" })).status).toBe(201);
    expect((await ask({ productId: "bis-opt", email: "any@example.com", locale: "ar" })).status).toBe(201);
    await importCodes("bis-opt", ["OPT-10-A"], "bis-opt-10");
    expect(await mailsTo("fifty@example.com")).toHaveLength(0);
    const any = await mailsTo("any@example.com");
    expect(any).toHaveLength(1);
    expect(any[0]?.subject).toBe("Gift card bis-opt متوفر من جديد");
    await importCodes("bis-opt", ["OPT-50-A"], "bis-opt-50");
    const fifty = await mailsTo("fifty@example.com");
    expect(fifty).toHaveLength(1);
    expect(fifty[0]?.subject).toBe("Gift card bis-opt (50 USD) is back in stock");
  });

  it("refuses what cannot come back, what is in stock, a bad address, and past the per-address cap, writing nothing", async () => {
    await product("bis-refuse");
    const before = (await pending()).length;
    const badEmail = await ask({ productId: "bis-refuse", email: "not-an-email" });
    expect(badEmail.status).toBe(400);
    expect((await ask({ productId: "no-such-product", email: "a@example.com" })).status).toBe(404);
    expect((await ask({ productId: "bis-refuse", variantId: "nope", email: "a@example.com" })).status).toBe(400);

    await importCodes("bis-refuse", ["REF-1"]);
    const inStock = await ask({ productId: "bis-refuse", email: "a@example.com" });
    expect(inStock.status).toBe(409);
    expect(await inStock.json()).toMatchObject({ code: "in_stock_now" });

    const manual = await admin.request("POST", "/api/admin/products", {
      id: "bis-manual",
      title: "Manual",
      description: "",
      image: "/placeholder.svg",
      price: prices,
      variants: [],
      deliveryMode: "manual",
      inStock: false,
    });
    expect(manual.status, await manual.clone().text()).toBe(201);
    const notRestocked = await ask({ productId: "bis-manual", email: "a@example.com" });
    expect(notRestocked.status).toBe(409);
    expect(await notRestocked.json()).toMatchObject({ code: "not_restocked" });
    expect((await pending()).length).toBe(before);

    for (let i = 0; i < MAX_STOCK_REQUESTS_PER_EMAIL; i++) {
      await product(`bis-cap-${i}`);
      expect((await ask({ productId: `bis-cap-${i}`, email: "greedy@example.com" })).status).toBe(201);
    }
    await product("bis-cap-over");
    const over = await ask({ productId: "bis-cap-over", email: "greedy@example.com" });
    expect(over.status).toBe(409);
    expect(await over.json()).toMatchObject({
      code: "too_many_stock_requests",
      params: { max: MAX_STOCK_REQUESTS_PER_EMAIL },
    });
  });

  it("counts requests per client address: past 20 in 10 minutes the address is asked to wait", async () => {
    await product("bis-flood");
    const answers: number[] = [];
    for (let i = 0; i < 21; i++)
      answers.push((await ask({ productId: "bis-flood", email: `flood${i}@example.com` }, "203.0.113.9")).status);
    expect(answers.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(answers[20]).toBe(429);
    expect((await pending()).filter((r) => r.productId === "bis-flood")).toHaveLength(20);
  });

  it("unsubscribes an address through its signed link only, with a page that changes nothing when opened", async () => {
    await product("bis-unsub");
    expect((await ask({ productId: "bis-unsub", email: "leave@example.com" })).status).toBe(201);
    const url = new URL(store.services.stockRequests.unsubscribeUrl("leave@example.com", "en"));
    const opened = await store.app.request(`${url.pathname}${url.search}`);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("Stop all back-in-stock emails to leave@example.com?");
    expect((await pending()).some((r) => r.email === "leave@example.com")).toBe(true);

    const forged = await store.app.request("/api/stock-requests/unsubscribe", {
      method: "POST",
      body: new URLSearchParams({ email: "leave@example.com", sig: "forged", lang: "en" }),
    });
    expect(forged.status).toBe(400);
    // A body that is not the page's form is read as no form at all: refused, never a server error.
    const garbled = await store.app.request("/api/stock-requests/unsubscribe", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data" },
      body: "x",
    });
    expect(garbled.status).toBe(400);
    expect((await pending()).some((r) => r.email === "leave@example.com")).toBe(true);

    const done = await store.app.request("/api/stock-requests/unsubscribe", {
      method: "POST",
      body: url.searchParams,
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("will get no more back-in-stock emails");
    expect((await pending()).some((r) => r.email === "leave@example.com")).toBe(false);
  });
});

describe("Only N left", () => {
  it("answers the count only where it is few, per option too", async () => {
    await product("left-one", false, 3);
    const read = async (id: string) => {
      const res = await store.app.request(`/api/availability/${id}`);
      expect(res.status).toBe(200);
      return availabilitySchema.parse(await res.json()).left;
    };
    expect(await read("left-one")).toEqual({});
    await importCodes("left-one", ["L-1", "L-2"]);
    expect(await read("left-one")).toEqual({ "": 2 });
    await importCodes("left-one", ["L-3", "L-4"]);
    expect(await read("left-one")).toEqual({});

    await product("left-opt", true, 3);
    await importCodes("left-opt", ["LO-1"], "left-opt-10");
    await importCodes("left-opt", ["LO-2", "LO-3", "LO-4", "LO-5"], "left-opt-50");
    expect(await read("left-opt")).toEqual({ "left-opt-10": 1 });
    expect((await store.app.request("/api/availability/nope")).status).toBe(404);
  });
});
