import { describe, expect, it } from "vitest";
import { adminStoreForEachTest, type AdminClient } from "../../test/admin-session.ts";

describe("the console's promo codes", () => {
  let admin: AdminClient;
  adminStoreForEachTest((opened) => ({ admin } = opened));

  describe("promos", () => {
    it("creates (upper-cased), lists, edits and deletes promo codes", async () => {
      const res = await admin.request("POST", "/api/admin/promos", { id: "summer10", percent: 10, active: true });
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ id: "SUMMER10", code: "SUMMER10", percent: 10, active: true });
      expect((await admin.request("POST", "/api/admin/promos", { code: "text", percent: "15" })).status).toBe(201);
      const list = (await (await admin.request("GET", "/api/admin/promos")).json()) as {
        id: string;
        percent: number;
      }[];
      expect(list.map((p) => [p.id, p.percent])).toEqual([
        ["SUMMER10", 10],
        ["TEXT", 15],
      ]);
      const off = await admin.request("PUT", "/api/admin/promos/summer10", { active: false });
      expect(await off.json()).toMatchObject({ code: "SUMMER10", active: false });
      expect((await admin.request("DELETE", "/api/admin/promos/SUMMER10")).status).toBe(200);
      expect((await admin.request("DELETE", "/api/admin/promos/SUMMER10")).status).toBe(404);
    });

    it("refuses an empty code or a zero / non-numeric percent", async () => {
      for (const body of [
        { id: "", percent: 10 },
        { id: "X", percent: 0 },
        { id: "X", percent: "abc" },
        { id: "X" },
        { id: "X", percent: 101 },
      ]) {
        const res = await admin.request("POST", "/api/admin/promos", body);
        expect(res.status, JSON.stringify(body)).toBe(400);
      }
    });
  });
});
