import { describe, expect, it } from "vitest";
import { isIos } from "./install-app.tsx";

describe("the iOS install hint", () => {
  it("is for iPhones and iPads (which say Macintosh but have touch), not for desktop Macs or Android", () => {
    expect(isIos("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)", 5)).toBe(true);
    expect(isIos("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15", 5)).toBe(true);
    expect(isIos("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15", 0)).toBe(false);
    expect(isIos("Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126.0", 5)).toBe(false);
  });
});
