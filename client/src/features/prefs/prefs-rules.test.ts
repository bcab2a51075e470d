import { describe, expect, it } from "vitest";
import {
  directionOf,
  flipTheme,
  initialCurrency,
  initialLang,
  initialTheme,
  themeAfterSystemChange,
} from "./prefs-rules.ts";

describe("theme", () => {
  it("uses the stored theme first", () => {
    expect(initialTheme("light", false)).toBe("light");
    expect(initialTheme("dark", true)).toBe("dark");
  });
  it("else follows the system: light if it prefers light, else dark", () => {
    expect(initialTheme(null, true)).toBe("light");
    expect(initialTheme(null, false)).toBe("dark");
    expect(initialTheme("purple", true)).toBe("light");
  });
  it("follows system changes only while nothing is stored", () => {
    expect(themeAfterSystemChange(null, "dark", true)).toBe("light");
    expect(themeAfterSystemChange("dark", "dark", true)).toBe("dark");
  });
  it("toggle flips", () => {
    expect(flipTheme("light")).toBe("dark");
    expect(flipTheme("dark")).toBe("light");
  });
});

describe("currency", () => {
  it("keeps a stored value that is one of the four, else USD", () => {
    expect(initialCurrency("TND")).toBe("TND");
    expect(initialCurrency("EUR")).toBe("EUR");
    expect(initialCurrency("EGP")).toBe("EGP");
    expect(initialCurrency("GBP")).toBe("USD");
    expect(initialCurrency("usd")).toBe("USD");
    expect(initialCurrency(null)).toBe("USD");
  });
});

describe("language", () => {
  it("keeps en, fr or ar, else English", () => {
    expect(initialLang("fr")).toBe("fr");
    expect(initialLang("ar")).toBe("ar");
    expect(initialLang("de")).toBe("en");
    expect(initialLang(null)).toBe("en");
  });
  it("Arabic is right-to-left, the others left-to-right", () => {
    expect(directionOf("ar")).toBe("rtl");
    expect(directionOf("fr")).toBe("ltr");
    expect(directionOf("en")).toBe("ltr");
  });
});
