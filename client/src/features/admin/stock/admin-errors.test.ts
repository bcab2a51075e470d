import { describe, expect, it } from "vitest";
import { AdminNetworkError, errorFromResponse } from "../../../api/admin-client.ts";
import { activateLocale, i18n } from "../../../i18n/i18n.ts";
import { adminErrorText } from "./admin-errors.ts";

describe("admin refusals in the operator's language", () => {
  it("translates a refusal the server names by its code", async () => {
    const err = errorFromResponse(409, { error: "No code is available", code: "no_stock" });
    await activateLocale("en");
    expect(adminErrorText(i18n, err, "fallback")).toBe("No code is available for this product. Import codes first.");
    await activateLocale("fr");
    expect(adminErrorText(i18n, err, "fallback")).toBe(
      "Aucun code n'est disponible pour ce produit. Importez d'abord des codes.",
    );
    await activateLocale("ar");
    expect(adminErrorText(i18n, err, "fallback")).toBe("لا يتوفر أي رمز لهذا المنتج. استورد رموزًا أولًا.");
  });

  it("translates a refusal the server words with the order's code or a product's title", async () => {
    await activateLocale("fr");
    const state = errorFromResponse(409, { error: "Order PNR-AB12CD34 cannot be cancelled (status: delivered)." });
    expect(adminErrorText(i18n, state, "fallback")).toBe("Cette commande ne peut plus être annulée.");
    const none = errorFromResponse(409, {
      error: 'No code of "PSN $10" is available to replace it. Import codes first.',
    });
    expect(adminErrorText(i18n, none, "fallback")).toBe(
      "Aucun code de « PSN $10 » n'est disponible pour le remplacer. Importez d'abord des codes.",
    );
    await activateLocale("ar");
    expect(adminErrorText(i18n, none, "fallback")).toContain("PSN $10");
    expect(adminErrorText(i18n, none, "fallback")).toMatch(/[\u0600-\u06FF]/);
    await activateLocale("en");
  });

  it("shows another refusal as sent in English, and after a sentence for its status in French or Arabic", async () => {
    const err = errorFromResponse(409, { error: "Order is already delivered" });
    await activateLocale("en");
    expect(adminErrorText(i18n, err, "fallback")).toBe("Order is already delivered");
    await activateLocale("fr");
    expect(adminErrorText(i18n, err, "fallback")).toBe(
      "Cette action n'est pas possible dans l'état actuel. (Order is already delivered)",
    );
    await activateLocale("en");
  });

  it("says 'Network error' without a connection and the fallback for a server fault", async () => {
    await activateLocale("ar");
    expect(adminErrorText(i18n, new AdminNetworkError(), "fallback")).not.toBe("Network error");
    expect(adminErrorText(i18n, errorFromResponse(500, { error: "Internal server error" }), "fallback")).toBe(
      "fallback",
    );
    await activateLocale("en");
    expect(adminErrorText(i18n, new AdminNetworkError(), "fallback")).toBe("Network error");
  });
});
