import { describe, expect, it } from "vitest";
import { prefCookie, prefsFromCookies } from "./page-prefs.ts";

describe("prefsFromCookies", () => {
  it("reads the language and currency cookies among others", () => {
    expect(prefsFromCookies("sid=x; lang=ar; currency=TND")).toEqual({ lang: "ar", currency: "TND" });
  });

  it("falls back to English and US dollars for missing or unknown values", () => {
    expect(prefsFromCookies(undefined)).toEqual({ lang: "en", currency: "USD" });
    expect(prefsFromCookies("lang=de; currency=GBP")).toEqual({ lang: "en", currency: "USD" });
  });

  it("takes the link's language where the shopper chose none, never over their choice", () => {
    expect(prefsFromCookies(undefined, "ar")).toEqual({ lang: "ar", currency: "USD" });
    expect(prefsFromCookies("currency=TND", "fr")).toEqual({ lang: "fr", currency: "TND" });
    expect(prefsFromCookies("lang=en", "ar")).toEqual({ lang: "en", currency: "USD" });
    expect(prefsFromCookies(undefined, "de")).toEqual({ lang: "en", currency: "USD" });
  });
});

describe("prefCookie", () => {
  it("lasts a year, for every page, not sent cross-site", () => {
    expect(prefCookie("lang", "fr")).toBe("lang=fr; Path=/; Max-Age=31536000; SameSite=Lax");
  });
});
