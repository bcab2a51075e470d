/** Accessibility checks shared by the specs: axe's serious and critical findings, and the colours of
 * links styled as buttons (a link colour rule winning over the button's own made their text vanish). */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
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

/** The text colour and the first opaque background behind every visible link styled as a button. */
export async function buttonLinkColours(page: Page): Promise<ButtonLinkColours[]> {
  return page.locator("a.btn").evaluateAll((links) => {
    const opaque = (colour: string) => colour !== "rgba(0, 0, 0, 0)" && colour !== "transparent";
    const backgroundOf = (start: Element): string => {
      for (let el: Element | null = start; el; el = el.parentElement) {
        const bg = getComputedStyle(el).backgroundColor;
        if (opaque(bg)) return bg;
      }
      return getComputedStyle(document.body).backgroundColor;
    };
    return links
      .filter((a) => a instanceof HTMLElement && a.offsetParent !== null)
      .map((a) => ({
        text: (a.textContent ?? "").trim(),
        color: getComputedStyle(a).color,
        background: backgroundOf(a),
      }));
  });
}

function luminance(colour: string): number {
  const [r = NaN, g = NaN, b = NaN] = (colour.match(/[\d.]+/g) ?? []).map((c) => {
    const s = Number(c) / 255;
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
