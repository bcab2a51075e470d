import { describe, expect, it } from "vitest";
import { heroBanners } from "./banners.ts";

describe("heroBanners", () => {
  it("keeps active banners only, by position, then id", () => {
    const banners = [
      { id: "c", active: true, position: 2 },
      { id: "b", active: true, position: 1 },
      { id: "z", active: false, position: 0 },
      { id: "a", active: true, position: 2 },
    ];
    expect(heroBanners(banners).map((b) => b.id)).toEqual(["b", "a", "c"]);
  });

  it("does not reorder the list it was given", () => {
    const banners = [
      { id: "b", active: true, position: 2 },
      { id: "a", active: true, position: 1 },
    ];
    heroBanners(banners);
    expect(banners.map((b) => b.id)).toEqual(["b", "a"]);
  });
});
