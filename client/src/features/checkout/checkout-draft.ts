/** The shopper's typed details, kept in localStorage so going offline or reloading loses nothing. */
interface AppliedPromo {
  code: string;
  percent: number;
}

export interface CheckoutDraft {
  name: string;
  email: string;
  whatsapp: string;
  notes: string;
  promoInput: string;
  promo: AppliedPromo | null;
}

export const DRAFT_STORAGE_KEY = "checkoutDraft";
export const NOTES_MAX = 1000;

export const EMPTY_DRAFT: CheckoutDraft = { name: "", email: "", whatsapp: "", notes: "", promoInput: "", promo: null };

const text = (value: unknown, max: number): string => (typeof value === "string" ? value.slice(0, max) : "");

function promoOf(value: unknown): AppliedPromo | null {
  if (typeof value !== "object" || value === null) return null;
  const { code, percent } = value as Record<string, unknown>;
  if (typeof code !== "string" || !code || typeof percent !== "number" || !Number.isInteger(percent)) return null;
  if (percent < 1 || percent > 100) return null;
  return { code, percent };
}

/** Reads a stored draft, tolerating anything: unknown or broken values become empty fields. */
export function parseDraft(raw: string | null): CheckoutDraft {
  if (!raw) return { ...EMPTY_DRAFT };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ...EMPTY_DRAFT };
  }
  if (typeof value !== "object" || value === null) return { ...EMPTY_DRAFT };
  const v = value as Record<string, unknown>;
  return {
    name: text(v.name, 200),
    email: text(v.email, 300),
    whatsapp: text(v.whatsapp, 64),
    notes: text(v.notes, NOTES_MAX),
    promoInput: text(v.promoInput, 40),
    promo: promoOf(v.promo),
  };
}

function isEmptyDraft(draft: CheckoutDraft): boolean {
  return !draft.name && !draft.email && !draft.whatsapp && !draft.notes && !draft.promoInput && !draft.promo;
}

export function loadDraft(storage: Pick<Storage, "getItem"> | null): CheckoutDraft {
  try {
    return parseDraft(storage?.getItem(DRAFT_STORAGE_KEY) ?? null);
  } catch {
    return { ...EMPTY_DRAFT };
  }
}

export function saveDraft(storage: Pick<Storage, "setItem" | "removeItem"> | null, draft: CheckoutDraft): void {
  try {
    if (isEmptyDraft(draft)) storage?.removeItem(DRAFT_STORAGE_KEY);
    else storage?.setItem(DRAFT_STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // Private mode or quota: the draft still lives in the form.
  }
}

export function clearDraft(storage: Pick<Storage, "removeItem"> | null): void {
  try {
    storage?.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}

/** localStorage when the browser allows it. */
export function browserStorage(kind: "local" | "session"): Storage | null {
  try {
    return (kind === "local" ? globalThis.localStorage : globalThis.sessionStorage) ?? null;
  } catch {
    return null;
  }
}
