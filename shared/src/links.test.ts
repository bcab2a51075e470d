import { describe, expect, it } from "vitest";
import { bannerCreateSchema, imageRefSchema } from "./schemas/admin.ts";
import { isHttpUrl, isSitePath } from "./links.ts";

describe("operator links", () => {
  it("takes store paths and http(s) addresses", () => {
    for (const v of ["/", "/category/gaming", "/product/steam-20?x=1#top", "/uploads/a.webp"])
      expect(isSitePath(v), v).toBe(true);
    expect(isHttpUrl("https://example.com/x")).toBe(true);
  });

  it("refuses protocol-relative and backslash forms that browsers send to another site", () => {
    for (const v of ["//evil.example", "/\\evil.example", "/\\/evil.example", "/\t/evil.example", "/x\\y", "/\n/evil"])
      expect(isSitePath(v), JSON.stringify(v)).toBe(false);
    expect(isHttpUrl("https://ok.example/\nx")).toBe(false);
  });

  it("is what the banner link and image schemas accept", () => {
    expect(bannerCreateSchema.safeParse({ title: "Sale", link: "/\\evil.example" }).success).toBe(false);
    expect(bannerCreateSchema.safeParse({ title: "Sale", link: "/category/gaming" }).success).toBe(true);
    expect(imageRefSchema.safeParse("/\\evil.example/x.png").success).toBe(false);
  });
});
