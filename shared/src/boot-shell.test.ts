import { describe, expect, it } from "vitest";
import { BOOT_SHELL_LEAD, bootShellLead, heroSlideClass } from "./boot-shell.ts";

describe("the boot shell's lead picture", () => {
  it("sits in the home page's first hero slide, in the app's classes", () => {
    const html = bootShellLead({ image: "/uploads/a.webp", place: "hero" });
    expect(html).toContain(`<div class="hero"><div class="${heroSlideClass(0, true)}">`);
    expect(heroSlideClass(0, true)).toBe("hero__slide hero__slide--1 hero__slide--image");
    expect(heroSlideClass(4, false)).toBe("hero__slide hero__slide--2");
    expect(html).toContain('<div class="hero__media"><img src="/uploads/a.webp"');
  });

  it("sits in the product page's picture frame, with its address escaped", () => {
    const html = bootShellLead({ image: '/uploads/a"b.webp', place: "product" });
    expect(html).toMatch(
      /^<div class="container page"><div class="product-detail"><div class="product-detail__media">/,
    );
    expect(html).toContain('src="/uploads/a&quot;b.webp"');
  });

  it("finds the placeholder it replaces", () => {
    const page = '<div><!-- boot-shell:lead --><div class="boot-shell__hero"></div><!-- /boot-shell:lead --></div>';
    expect(page.replace(BOOT_SHELL_LEAD, "X")).toBe("<div>X</div>");
  });
});
