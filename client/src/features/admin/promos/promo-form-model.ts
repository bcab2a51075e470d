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

/** A code's limits as the operator types them: the last day it works (a date input's yyyy-mm-dd, the whole
 * day in the operator's time zone) and how many orders may use it; empty means none. */
export type PromoLimitsResult =
  { ok: true; value: { expiresAt: number | null; maxUses: number | null } } | { ok: false; reason: "date" | "maxUses" };

export function parsePromoLimits(untilText: string, maxUsesText: string): PromoLimitsResult {
  let expiresAt: number | null = null;
  const until = untilText.trim();
  if (until !== "") {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(until);
    if (!m) return { ok: false, reason: "date" };
    // The code works until the end of that day: the first moment of the next day.
    const end = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1).getTime();
    if (!Number.isFinite(end)) return { ok: false, reason: "date" };
    expiresAt = end;
  }
  let maxUses: number | null = null;
  const uses = maxUsesText.trim();
  if (uses !== "") {
    if (!/^\d{1,7}$/.test(uses) || Number(uses) < 1 || Number(uses) > 1_000_000)
      return { ok: false, reason: "maxUses" };
    maxUses = Number(uses);
  }
  return { ok: true, value: { expiresAt, maxUses } };
}

/** The date input's value for a code's end (the last day it works), "" for none. */
export function untilInputValue(expiresAt: number | null): string {
  if (expiresAt === null) return "";
  const last = new Date(expiresAt - 1);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${last.getFullYear()}-${pad(last.getMonth() + 1)}-${pad(last.getDate())}`;
}
