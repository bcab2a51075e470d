import { describe, expect, it } from "vitest";
import { editConflictSchema } from "@store/shared/schemas/conflict";
import { type TestStore } from "../../test/harness.ts";
import { adminStoreForEachTest, type AdminClient } from "../../test/admin-session.ts";
import { syncDelta, syncVersion } from "../../test/sync.ts";

describe("the console's banners", () => {
  let store: TestStore;
  let admin: AdminClient;
  adminStoreForEachTest((opened) => ({ store, admin } = opened));

  it("creates, edits, switches off and deletes a banner, each visible to sync", async () => {
    const v = await syncVersion(store);
    const res = await admin.request("POST", "/api/admin/banners", {
      title: "  Summer sale ",
      image: "/uploads/x.webp",
      active: true,
    });
    expect(res.status).toBe(201);
    const b = (await res.json()) as { id: string; version: number; position: number; link: string };
    expect(b).toMatchObject({
      title: "Summer sale",
      image: "/uploads/x.webp",
      active: true,
      link: "",
      version: 1,
      position: 3,
    });
    expect((await syncDelta(store, v)).banners.map((x) => x.title)).toEqual(["Summer sale"]);

    const off = await admin.request("PUT", `/api/admin/banners/${b.id}`, { active: false, version: 1 });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ active: false, title: "Summer sale", version: 2 });
    const stale = await admin.request("PUT", `/api/admin/banners/${b.id}`, { title: "Late", version: 1 });
    expect(stale.status).toBe(409);
    expect(editConflictSchema.parse(await stale.json())).toMatchObject({
      error: "This banner was changed by someone else.",
      current: { version: 2 },
    });

    const v2 = await syncVersion(store);
    expect((await admin.request("DELETE", `/api/admin/banners/${b.id}`)).status).toBe(200);
    expect((await syncDelta(store, v2)).deleted.banners).toEqual([b.id]);
    const list = (await (await admin.request("GET", "/api/admin/banners")).json()) as { id: string }[];
    expect(list.map((x) => x.id)).toEqual(["banner-1", "banner-2", "banner-3"]);
  });

  it("requires a title and a safe link", async () => {
    for (const body of [
      {},
      { title: "  " },
      { title: "x", link: "javascript:alert(1)" },
      { title: "x", active: "yes" },
    ]) {
      const res = await admin.request("POST", "/api/admin/banners", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ fields: expect.any(Object) });
    }
    const res = await admin.request("POST", "/api/admin/banners", { title: "" });
    expect(await res.json()).toMatchObject({ error: "Banner title is required" });
  });
});
