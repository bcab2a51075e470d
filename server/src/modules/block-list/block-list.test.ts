/** The block list and the limits' refusals (docs/decisions.md D37) on the engine under test (TEST_DATABASE): entries
 * by email, domain, address range and phone country code refuse a checkout neutrally and list the attempt; another
 * instance sees a change within a second; the promo budget counts misses only, at checkout too; every limit's
 * refusals are listed for the dashboard. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ORDER_REFUSED, type BlockListResponse, type LimitRefusal } from "@store/shared/schemas/block-list";
import { buildApp, buildServices } from "../../app.ts";
import { ADMIN_ENV, signIn, type AdminClient } from "../../test/admin-session.ts";
import { checkoutBody } from "../../test/checkout-request.ts";
import { createTestStore, jsonRequest, type TestStore } from "../../test/harness.ts";
import { internationalDigits, normalizeBlockValue } from "./block-list.service.ts";
import { startOfToday } from "./block-list.routes.ts";

let store: TestStore;
let admin: AdminClient;
beforeEach(async () => {
  store = await createTestStore({
    seed: true,
    // Dozens of unpaid orders from one address: the caps on what it may hold unpaid are off (0) here.
    env: {
      ...ADMIN_ENV,
      TRUST_PROXY: "yes",
      CHECKOUT_LIMIT_PER_EMAIL: "3",
      HELD_UNITS_PER_PRODUCT: "0",
      HELD_UNITS_TOTAL: "0",
    },
  });
  admin = await signIn(store);
});
afterEach(() => store.close());

const order = (overrides: Parameters<typeof checkoutBody>[0], address = "198.51.100.20", app = store.app) =>
  app.request("/api/checkout", jsonRequest("POST", checkoutBody(overrides), { "X-Forwarded-For": address }));
const block = (kind: string, value: string, reason = "chargebacks") =>
  admin.request("POST", "/api/admin/block-list", { kind, value, reason });
const blockList = async () => (await (await admin.request("GET", "/api/admin/block-list")).json()) as BlockListResponse;

async function expectRefused(res: Response): Promise<void> {
  expect(res.status).toBe(403);
  // Neutral: nothing says a block list exists.
  expect(await res.json()).toEqual({ error: ORDER_REFUSED, code: "order_refused" });
}

describe("block-list values", () => {
  it("are stored in one form, and refused when not of their kind", () => {
    expect(normalizeBlockValue("email", " Fraud@Example.COM ")).toBe("fraud@example.com");
    expect(normalizeBlockValue("domain", "@Mailinator.com")).toBe("mailinator.com");
    expect(normalizeBlockValue("cidr", "203.0.113.0/24")).toBe("203.0.113.0/24");
    expect(normalizeBlockValue("cidr", "2001:DB8::/32")).toBe("2001:db8::/32");
    expect(normalizeBlockValue("cidr", "198.51.100.7")).toBe("198.51.100.7/32");
    expect(normalizeBlockValue("country", "+216")).toBe("216");
    expect(normalizeBlockValue("country", "0020")).toBe("20");
    for (const [kind, value] of [
      ["email", "not-an-email"],
      ["domain", "localhost"],
      ["cidr", "203.0.113.0/33"],
      ["cidr", "2001:db8::/129"],
      ["cidr", "example.com/8"],
      ["country", "+0"],
      ["country", "12345"],
    ] as const)
      expect(() => normalizeBlockValue(kind, value), `${kind} ${value}`).toThrow();
    expect(internationalDigits("+216 20 123 456")).toBe("21620123456");
    expect(internationalDigits("0033 6 12 34 56 78")).toBe("33612345678");
    expect(internationalDigits("20 123 456")).toBe("");
  });

  it("says when today starts for the console's time zone", () => {
    const now = Date.UTC(2026, 10, 27, 23, 30);
    expect(startOfToday(now, 0)).toBe(Date.UTC(2026, 10, 27));
    expect(startOfToday(now, 60)).toBe(Date.UTC(2026, 10, 28) - 3_600_000);
  });
});

describe("the block list", () => {
  it("is listed, added to and removed from by the operator, refusing bad and repeated values", async () => {
    const added = await block("email", "Fraud@Example.com");
    expect(added.status).toBe(201);
    const entry = (await added.json()) as { id: string };
    expect(await blockList()).toMatchObject({
      entries: [{ kind: "email", value: "fraud@example.com", reason: "chargebacks", createdBy: "admin" }],
      attempts: [],
    });
    const repeated = await block("email", "fraud@example.com");
    expect(repeated.status).toBe(409);
    expect(await repeated.json()).toMatchObject({ code: "block_entry_taken" });
    const bad = await block("cidr", "10.0.0.0/99");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      fieldCodes: { value: { code: "invalid_block_value", params: { kind: "cidr" } } },
    });
    expect((await block("planet", "mars")).status).toBe(400);
    expect((await admin.request("DELETE", `/api/admin/block-list/${entry.id}`)).status).toBe(200);
    expect((await admin.request("DELETE", `/api/admin/block-list/${entry.id}`)).status).toBe(404);
    expect((await blockList()).entries).toEqual([]);
    expect((await store.app.request("/api/admin/block-list")).status).toBe(401);
  });

  it("refuses matching checkouts neutrally, lists each attempt with what matched, and lets others order", async () => {
    for (const [kind, value] of [
      ["email", "fraud@example.com"],
      ["domain", "mailinator.com"],
      ["cidr", "203.0.113.0/24"],
      ["cidr", "2001:db8::/32"],
      ["country", "+99"],
    ] as const)
      expect((await block(kind, value)).status).toBe(201);

    await expectRefused(await order({ email: "FRAUD@example.com" }));
    await expectRefused(await order({ email: "x@eu.mailinator.com" }));
    await expectRefused(await order({ email: "a@example.org" }, "203.0.113.77"));
    await expectRefused(await order({ email: "b@example.org" }, "2001:db8:1::5"));
    await expectRefused(await order({ email: "c@example.org" }, "::ffff:203.0.113.9"));
    await expectRefused(await order({ email: "d@example.org", whatsapp: "+99 123 4567" }));
    // Near misses order as usual.
    expect((await order({ email: "fraud@example.co" })).status).toBe(200);
    expect((await order({ email: "x@notmailinator.com" }, "203.0.114.1")).status).toBe(200);
    expect((await order({ email: "e@example.org", whatsapp: "99 123 4567" }, "2001:db9::1")).status).toBe(200);

    const { attempts } = await blockList();
    expect(attempts).toHaveLength(6);
    // Newest first; two attempts in the same millisecond may list either way, so they are compared as a set.
    expect(attempts.map((a) => [a.kind, a.value, a.email, a.address]).sort()).toEqual(
      [
        ["email", "fraud@example.com", "FRAUD@example.com", "198.51.100.20"],
        ["domain", "mailinator.com", "x@eu.mailinator.com", "198.51.100.20"],
        ["cidr", "203.0.113.0/24", "a@example.org", "203.0.113.77"],
        ["cidr", "2001:db8::/32", "b@example.org", "2001:db8:1::5"],
        ["cidr", "203.0.113.0/24", "c@example.org", "::ffff:203.0.113.9"],
        ["country", "99", "d@example.org", "198.51.100.20"],
      ].sort(),
    );
    expect(attempts.map((a) => a.at)).toEqual(attempts.map((a) => a.at).sort((x, y) => y - x));
    expect(attempts.find((a) => a.kind === "country")?.phone).toBe("+99 123 4567");
    // A refused order writes nothing but the attempt.
    const orders = await store.query((db, t) => db.select().from(t.orders));
    expect(orders).toHaveLength(3);
  });

  it("reaches another instance on the same database within a second", async () => {
    const second = buildApp({ config: store.config, data: store.data }, buildServices(store));
    expect((await order({ email: "a@late.example" }, "198.51.100.30", second)).status).toBe(200);
    expect((await block("domain", "late.example")).status).toBe(201);
    await expectRefused(await order({ email: "b@late.example" }));
    let tries = 0;
    await vi.waitFor(
      async () =>
        expect((await order({ email: `c${tries++}@late.example` }, "198.51.100.31", second)).status).toBe(403),
      { timeout: 3_000, interval: 200 },
    );
  });
});

describe("limits hit today", () => {
  it("lists the addresses and recipients every limit refused, from one place", async () => {
    for (let i = 0; i < 5; i++) await order({ email: "victim@example.com" }, `192.0.2.${i}`);
    for (let i = 0; i < 12; i++)
      await store.app.request(
        "/api/newsletter",
        jsonRequest("POST", { email: `n${i}@example.com` }, { "X-Forwarded-For": "192.0.2.99" }),
      );
    const res = await admin.request("GET", "/api/admin/limits/today?tz=-60");
    expect(res.status).toBe(200);
    const { refusals } = (await res.json()) as { refusals: LimitRefusal[] };
    expect(refusals.map(({ limit, subject, count }) => ({ limit, subject, count }))).toEqual([
      { limit: "newsletter", subject: "192.0.2.99", count: 2 },
      { limit: "checkout-email", subject: "victim@example.com", count: 2 },
    ]);
    expect((await admin.request("GET", "/api/admin/limits/today?tz=abc")).status).toBe(400);
  });

  it("lists a client address whose sign-ins are throttled", async () => {
    const attempt = () =>
      store.app.request(
        "/api/admin/login",
        jsonRequest("POST", { username: "admin", password: "wrong password" }, { "X-Forwarded-For": "192.0.2.77" }),
      );
    let status = 0;
    for (let i = 0; i < 10 && status !== 429; i++) status = (await attempt()).status;
    expect(status).toBe(429);
    const { refusals } = (await (await admin.request("GET", "/api/admin/limits/today")).json()) as {
      refusals: LimitRefusal[];
    };
    expect(refusals).toContainEqual(expect.objectContaining({ limit: "login-address", subject: "192.0.2.77" }));
  });

  it("counts promo codes sent with a checkout only when they miss", async () => {
    await store.services.promos.create({ code: "REAL10", percent: 10 });
    const from = "192.0.2.150";
    // 25 + 30 + 2 orders stay within the address's 60 orders.
    for (let i = 0; i < 25; i++)
      expect((await order({ email: `p${i}@example.com`, promoCode: "REAL10" }, from)).status).toBe(200);
    for (let i = 0; i < 30; i++)
      expect((await order({ email: `g${i}@example.com`, promoCode: `GUESS${i}` }, from)).status).toBe(400);
    expect((await order({ email: "g30@example.com", promoCode: "GUESS30" }, from)).status).toBe(429);
    // Spent: a working code waits too (else it would tell a hit), and so does the promo check.
    expect((await order({ email: "p99@example.com", promoCode: "REAL10" }, from)).status).toBe(429);
    expect(
      (
        await store.app.request(
          "/api/promos/validate",
          jsonRequest("POST", { code: "REAL10" }, { "X-Forwarded-For": from }),
        )
      ).status,
    ).toBe(429);
    // Another address is not affected.
    expect((await order({ email: "q@example.com", promoCode: "REAL10" }, "192.0.2.151")).status).toBe(200);
  }, 60_000);
});
