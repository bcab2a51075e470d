import { describe, expect, it } from "vitest";
import { DEFAULT_MANUAL_DELIVERY_HOURS, manualDeliveryHoursOf } from "./store-settings.ts";

describe("manualDeliveryHoursOf", () => {
  it("keeps a saved time within bounds", () => {
    expect(manualDeliveryHoursOf(6)).toBe(6);
    expect(manualDeliveryHoursOf(720)).toBe(720);
  });

  it("falls back to the default when never saved or not a valid time", () => {
    for (const value of [undefined, null, 0, 721, 2.5, "6"])
      expect(manualDeliveryHoursOf(value)).toBe(DEFAULT_MANUAL_DELIVERY_HOURS);
  });
});
