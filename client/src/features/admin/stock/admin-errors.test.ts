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
