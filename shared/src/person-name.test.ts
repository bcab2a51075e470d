import { describe, expect, it } from "vitest";
import { checkoutDetailsSchema } from "./schemas/checkout.ts";
import { codeOfIssue, FIELD_ERROR_CODES } from "./schemas/error-codes.ts";
import { isPlainName, NAME_MAX } from "./person-name.ts";

describe("a shopper's name", () => {
  it("takes the names people have, in any script", () => {
    for (const name of [
      "Amira Ben Salah",
      "J. R. R. Tolkien",
      "Jean-Pierre O'Connor",
      "Zoë Ångström",
      "أميرة بن صالح",
      "Dr. Sami B.",
      "Mary St. John",
      "李小龍",
      "Anne-Marie d’Arc Jr.",
    ])
      expect(isPlainName(name), name).toBe(true);
  });

  it("refuses web addresses and host-like words, however they are disguised", () => {
    for (const name of [
      "https://evil.example/refund Smith",
      "HTTP://EVIL.EXAMPLE Smith",
      "ftp://x Smith",
      "www.evil Smith",
      "WWW.Evil Smith",
      "evil.com Smith",
      "Smith refund.evil.example",
      "bob@evil.com",
      "Smith bit.ly/x",
      "evil\u3002com Smith",
      "evil\uFF0Ecom Smith",
      "ｗｗｗ.evil Smith",
      "Smith 192.168.1.10",
      "xn--80ak6aa92e.com",
    ])
      expect(isPlainName(name), name).toBe(false);
  });

  it("refuses control characters and the invisible ones that reorder text", () => {
    for (const name of [
      "Amira\nBen",
      "Amira\tBen",
      "Amira\u0000",
      "Amira \u202Emoc.live",
      "Sami\u2066x\u2069",
      "A\u0085B",
    ])
      expect(isPlainName(name), JSON.stringify(name)).toBe(false);
  });

  it("is the checkout schema's rule, with its own code, and a sensible length", () => {
    const details = (name: string) =>
      checkoutDetailsSchema.safeParse({ name, email: "a@example.com", whatsapp: "+216 20 123 456" });
    const refused = details("https://evil.example/refund Smith");
    expect(refused.success).toBe(false);
    const issue = refused.error?.issues[0];
    expect(issue?.path).toEqual(["name"]);
    expect(issue && codeOfIssue(issue)).toEqual({ code: FIELD_ERROR_CODES.invalidName });
    expect(details("  Amira Ben Salah  ").data?.name).toBe("Amira Ben Salah");
    expect(details("A".repeat(NAME_MAX)).success).toBe(true);
    expect(details("A".repeat(NAME_MAX + 1)).success).toBe(false);
    expect(details("A").success).toBe(false);
  });
});
