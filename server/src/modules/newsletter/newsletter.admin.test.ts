import { describe, expect, it } from "vitest";
import { jsonRequest, type TestStore } from "../../test/harness.ts";
import { adminStoreForEachTest, type AdminClient } from "../../test/admin-session.ts";
import { NewsletterRepo } from "./newsletter.repo.ts";
import { csvCell } from "../../lib/csv.ts";

describe("the console's newsletter", () => {
  let store: TestStore;
  let admin: AdminClient;
  adminStoreForEachTest((opened) => ({ store, admin } = opened));

  it("counts subscribers and exports a CSV safe from formula injection", async () => {
    expect(
      (await store.app.request("/api/newsletter", jsonRequest("POST", { email: "a@store.test", locale: "fr" }))).status,
    ).toBeLessThan(300);
    // The public form refuses such an address; the export must be safe whatever the table holds.
    const repo = new NewsletterRepo();
    await store.data.transaction((tx) => repo.subscribe(tx, "=cmd@store.test", "fr", Date.now()));
    expect(await (await admin.request("GET", "/api/admin/newsletter")).json()).toEqual({ count: 2 });
    const csv = await admin.request("GET", "/api/admin/newsletter.csv");
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe("email,locale,subscribed_at");
    expect(lines[1]).toMatch(/^a@store\.test,fr,\d{4}-\d\d-\d\dT/);
    expect(lines[2]).toMatch(/^'=cmd@store\.test,fr,/);
  });

  it.each([
    ["plain", "plain"],
    ['a,"b"', '"a,""b"""'],
    ["+1", "'+1"],
    ["-2", "'-2"],
    ["@x", "'@x"],
    ["=1,2", `"'=1,2"`],
  ])("escapes the cell %j as %j", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});
