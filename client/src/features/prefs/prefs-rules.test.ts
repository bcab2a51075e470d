import { describe, expect, it } from "vitest";
import {
  directionOf,
  flipTheme,
  initialCurrency,
  initialLang,
  linkedLang,
  initialTheme,
  themeAfterSystemChange,
} from "./prefs-rules.ts";

describe("theme", () => {
  // [stored, system prefers light, expected]
  it.each([
    // The stored theme first.
    ["light", false, "light"],
    ["dark", true, "dark"],
    // Else the system: light if it prefers light, else dark.
    [null, true, "light"],
    [null, false, "dark"],
    ["purple", true, "light"],
  ] as const)("stored %s, system prefers light %s: %s", (stored, prefersLight, expected) => {
    expect(initialTheme(stored, prefersLight)).toBe(expected);
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
  it.each(["TND", "EUR", "EGP"])("keeps a stored %s, one of the four", (stored) => {
    expect(initialCurrency(stored)).toBe(stored);
  });
  it.each(["GBP", "usd", null])("answers USD for a stored %s", (stored) => {
    expect(initialCurrency(stored)).toBe("USD");
  });
});

describe("language", () => {
  it.each(["fr", "ar"])("keeps a stored %s", (stored) => {
    expect(initialLang(stored)).toBe(stored);
  });
  it.each(["de", null])("answers English for a stored %s", (stored) => {
    expect(initialLang(stored)).toBe("en");
  });
  it("speaks the language the link names where none is stored, never over a stored one", () => {
    expect(initialLang(null, linkedLang("?lang=ar"))).toBe("ar");
    expect(initialLang("fr", linkedLang("?lang=ar"))).toBe("fr");
    expect(initialLang(null, linkedLang("?lang=de"))).toBe("en");
    expect(initialLang(null, linkedLang(""))).toBe("en");
  });
  it("Arabic is right-to-left, the others left-to-right", () => {
    expect(directionOf("ar")).toBe("rtl");
    expect(directionOf("fr")).toBe("ltr");
    expect(directionOf("en")).toBe("ltr");
  });
});
