import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_ERROR_CODES } from "@store/shared/schemas/errors";
import { AdminNetworkError, errorFromResponse } from "../../../api/admin-client.ts";
import { activateLocale, i18n, loadMessages } from "../../../i18n/i18n.ts";
import { adminErrorText } from "./admin-errors.ts";

/** The refusal's text in `lang` (which stays the active locale). */
async function textIn(lang: "en" | "fr" | "ar", err: unknown): Promise<string> {
  await activateLocale(lang);
  return adminErrorText(i18n, err, "fallback");
}

describe("admin refusals in the operator's language", () => {
  // The console's routes load its catalog before any of its pages.
  beforeAll(() => Promise.all([loadMessages("admin"), loadMessages("orders")]));

  it("translates a refusal by its code, whatever its English text", async () => {
    const err = errorFromResponse(409, {
      error: "Order PNR-AB12CD34 cannot be cancelled (status: delivered).",
      code: ADMIN_ERROR_CODES.notCancellable,
      orderStatus: "delivered",
    });
    expect(await textIn("en", err)).toBe("This order can no longer be cancelled.");
    expect(await textIn("fr", err)).toBe("Cette commande ne peut plus être annulée.");
    expect(await textIn("ar", err)).toMatch(/^[^A-Za-z]*[\u0600-\u06FF][^A-Za-z]*$/);
    // The text is not read: another English wording says the same.
    const reworded = errorFromResponse(409, { error: "Cannot cancel", code: ADMIN_ERROR_CODES.notCancellable });
    expect(await textIn("fr", reworded)).toBe("Cette commande ne peut plus être annulée.");
    await activateLocale("en");
  });

  it("puts the refusal's parameters in its words: a product's title, a limit", async () => {
    const none = errorFromResponse(409, {
      error: 'No code of "PSN $10" is available to replace it. Import codes first.',
      code: ADMIN_ERROR_CODES.noReplacementCode,
      title: "PSN $10",
    });
    expect(await textIn("fr", none)).toBe(
      "Aucun code de « PSN $10 » n'est disponible pour le remplacer. Importez d'abord des codes.",
    );
    expect(await textIn("ar", none)).toContain("PSN $10");
    expect(adminErrorText(i18n, none, "fallback")).toMatch(/[\u0600-\u06FF]/);
    const lines = errorFromResponse(400, {
      error: "At most 20000 lines per import",
      code: ADMIN_ERROR_CODES.tooManyLines,
      max: 20000,
    });
    expect(await textIn("en", lines)).toBe("At most 20000 lines can be imported at once.");
    expect(await textIn("fr", lines)).toBe("Au plus 20000 lignes peuvent être importées à la fois.");
    await activateLocale("en");
  });

  it("has words in every language for every code the server may send", async () => {
    for (const locale of ["en", "fr", "ar"] as const) {
      await activateLocale(locale);
      for (const code of Object.values(ADMIN_ERROR_CODES)) {
        const text = adminErrorText(i18n, errorFromResponse(409, { error: "SERVER TEXT", code }), "fallback");
        expect(text, `${locale} ${code}`).not.toContain("SERVER TEXT");
        expect(text, `${locale} ${code}`).not.toBe("fallback");
        if (locale === "ar") expect(text, code).toMatch(/[\u0600-\u06FF]/);
      }
    }
    await activateLocale("en");
  });

  it("shows a refusal without a known code as sent in English, and after a sentence for its status in French", async () => {
    // Its English text alone is no longer matched: a former wording stays as sent.
    const err = errorFromResponse(409, { error: "Order PNR-AB12CD34 cannot be cancelled (status: delivered)." });
    expect(await textIn("en", err)).toBe("Order PNR-AB12CD34 cannot be cancelled (status: delivered).");
    expect(await textIn("fr", err)).toBe(
      "Cette action n'est pas possible dans l'état actuel. (Order PNR-AB12CD34 cannot be cancelled (status: delivered).)",
    );
    const unknown = errorFromResponse(409, { error: "Something new", code: "something_new" });
    expect(adminErrorText(i18n, unknown, "fallback")).toBe(
      "Cette action n'est pas possible dans l'état actuel. (Something new)",
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
