import { describe, expect, it } from "vitest";
import { slugify } from "./slug.ts";

describe("slugify", () => {
  it("lower-cases, turns runs of non-alphanumerics into one dash and trims dashes", () => {
    expect(slugify("  Gift Cards!! ")).toBe("gift-cards");
    expect(slugify("Apple & Google")).toBe("apple-google");
    expect(slugify("--PC--")).toBe("pc");
  });
});
