/** Accessibility checks shared by the specs: axe's serious and critical findings, and the colours of
 * links styled as buttons (a link colour rule winning over the button's own made their text vanish). */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  // A toast or a dialog fading in has partial opacity, which axe reads as low contrast: let them settle.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
  // label-content-name-mismatch (WCAG 2.5.3) is off by default in axe; the store holds itself to it.
  // Toasts come and go on their own timers (the offline-ready notice appears whenever the service worker
  // has installed) and are read mid-fade; their settled colours are sonner's, overridden in components.css.
  const results = await new AxeBuilder({ page })
    .exclude("[data-sonner-toaster]")
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}

export interface ButtonLinkColours {
  text: string;
  color: string;
  background: string;
}

/** The text colour and the background colour behind every visible link styled as a button (those over a
 * picture or a gradient are left out). */
export async function buttonLinkColours(page: Page): Promise<ButtonLinkColours[]> {
  return page.locator("a.btn").evaluateAll((links) => {
    const opaque = (colour: string) => colour !== "rgba(0, 0, 0, 0)" && colour !== "transparent";
    // The first background colour behind the link; null over a picture or a gradient, whose colour is not one
    // value (axe leaves those to a person too).
    const backgroundOf = (start: Element): string | null => {
      for (let el: Element | null = start; el; el = el.parentElement) {
        const style = getComputedStyle(el);
        if (opaque(style.backgroundColor)) return style.backgroundColor;
        if (style.backgroundImage !== "none") return null;
      }
      return getComputedStyle(document.body).backgroundColor;
    };
    return links
      .filter((a) => a instanceof HTMLElement && a.offsetParent !== null)
      .flatMap((a) => {
        const background = backgroundOf(a);
        return background === null
          ? []
          : [{ text: (a.textContent ?? "").trim(), color: getComputedStyle(a).color, background }];
      });
  });
}

/** Relative luminance of a computed colour: rgb()/rgba() with 0-255 channels, or color(srgb ...) with 0-1. */
function luminance(colour: string): number {
  const scale = colour.startsWith("color(srgb") ? 1 : 255;
  const [r = NaN, g = NaN, b = NaN] = (colour.match(/[\d.]+/g) ?? []).map((c) => {
    const s = Number(c) / scale;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  if ([r, g, b].some(Number.isNaN)) throw new Error(`unreadable colour ${colour}`);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two computed colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** Fails when a button-styled link draws its text too close to the colour behind it (WCAG AA: 4.5). */
export async function expectButtonLinksReadable(page: Page): Promise<void> {
  const colours = await buttonLinkColours(page);
  for (const link of colours) {
    const ratio = contrastRatio(link.color, link.background);
    expect(ratio, `"${link.text}": ${link.color} on ${link.background}`).toBeGreaterThanOrEqual(4.5);
  }
}
