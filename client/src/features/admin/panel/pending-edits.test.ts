import { describe, expect, it } from "vitest";
import type { AdminOutboxRow } from "../../../local/db.ts";
import { pendingActive, pendingEditsOf } from "./pending-edits.ts";

function row(id: number, over: Partial<AdminOutboxRow>): AdminOutboxRow {
  return {
    id,
    method: "PUT",
    path: "/api/admin/products/x",
    body: {},
    idempotencyKey: `k${id}`,
    baseVersion: 1,
    status: "pending",
    createdAt: id,
    ...over,
  };
}

describe("pending admin edits", () => {
  it("marks each edited entity with the state of its newest queued edit", () => {
    const pending = pendingEditsOf(
      [
        row(2, { entity: "product", entityId: "a", status: "conflict" }),
        row(1, { entity: "product", entityId: "a" }),
        row(3, { entity: "banner", entityId: "b" }),
      ],
      "product",
    );
    expect([...pending.byId]).toEqual([["a", "conflict"]]);
  });

  it("lists queued creations of the entity separately", () => {
    const pending = pendingEditsOf(
      [row(1, { entity: "promo", method: "POST", label: "SAVE10" }), row(2, { entity: "product", method: "POST" })],
      "promo",
    );
    expect(pending.creations.map((r) => r.label)).toEqual(["SAVE10"]);
    expect(pending.byId.size).toBe(0);
  });

  it("shows the active state a queued switch sets while it waits", () => {
    const pending = pendingEditsOf(
      [
        row(1, { entity: "promo", entityId: "SAVE10", body: { active: false, version: 2 } }),
        row(2, { entity: "promo", entityId: "OTHER", body: { percent: 5 } }),
      ],
      "promo",
    );
    expect(pendingActive(pending, "SAVE10")).toBe(false);
    expect(pendingActive(pending, "OTHER")).toBeUndefined();
    expect(pendingActive(pending, "NONE")).toBeUndefined();
  });
});
