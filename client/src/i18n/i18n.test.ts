import { describe, expect, it } from "vitest";
import { msg } from "@lingui/core/macro";
import { activateLocale, i18n, loadMessages } from "./i18n.ts";

// A console-only message (src/features/admin/products/product-form.tsx) and a storefront one.
const consoleOnly = msg`-- Select Category --`;
const storefront = msg`Add to cart`;

describe("catalogs", () => {
  it("loads the console's words only once it opens, then with every language switch", async () => {
    await activateLocale("fr");
    expect(i18n._(storefront)).toBe("Ajouter au panier");
    expect(i18n._(consoleOnly)).not.toBe("-- Sélectionner une catégorie --");
    await loadMessages("admin");
    expect(i18n._(consoleOnly)).toBe("-- Sélectionner une catégorie --");
    await activateLocale("en");
    expect(i18n._(consoleOnly)).toBe("-- Select Category --");
    await activateLocale("fr");
    expect(i18n._(consoleOnly)).toBe("-- Sélectionner une catégorie --");
    expect(i18n._(storefront)).toBe("Ajouter au panier");
  });
});
