/** The Add Promo form's rule (docs/product.md, "Promos"): skipped
 * when the code is empty or the percent is 0 or not a number. */

export type PromoFormResult =
  { ok: true; value: { code: string; percent: number; active: true } } | { ok: false; reason: "code" | "percent" };

export function parsePromoForm(codeText: string, percentText: string): PromoFormResult {
  const code = codeText.trim().toUpperCase();
  if (code === "") return { ok: false, reason: "code" };
  const t = percentText.trim().replace(",", ".");
  const percent = t === "" ? Number.NaN : Number(t);
  if (!Number.isFinite(percent) || percent === 0) return { ok: false, reason: "percent" };
  return { ok: true, value: { code, percent, active: true } };
}
