import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { storageNearlyFull } from "./pending-changes.tsx";

describe("the storage warning", () => {
  it("comes at 90% of the quota, not before, and not when the browser does not say", () => {
    expect(storageNearlyFull({ usage: 90, quota: 100 })).toBe(true);
    expect(storageNearlyFull({ usage: 89, quota: 100 })).toBe(false);
    expect(storageNearlyFull({ usage: 90 })).toBe(false);
    expect(storageNearlyFull({ usage: 1, quota: 0 })).toBe(false);
  });
});
