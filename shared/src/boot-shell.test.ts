import { describe, expect, it } from "vitest";
import { FIRST_SCREEN, firstScreenShell, heroSlideClass } from "./boot-shell.ts";

describe("the boot shell", () => {
  it("numbers hero slides' colours by position, with the picture layout when there is one", () => {
    expect(heroSlideClass(0, true)).toBe("hero__slide hero__slide--1 hero__slide--image");
    expect(heroSlideClass(4, false)).toBe("hero__slide hero__slide--2");
  });

  it("finds the placeholder the first screen replaces", () => {
    const page = '<div id="root"><!-- first-screen --><div class="boot-shell"></div><!-- /first-screen --></div>';
    expect(page.replace(FIRST_SCREEN, firstScreenShell("X"))).toBe(
      '<div id="root"><div class="first-screen" data-first-screen>X</div></div>',
    );
  });
});
