import { describe, expect, it } from "vitest";
import {
  DRAFT_STORAGE_KEY,
  EMPTY_DRAFT,
  clearDraft,
  loadDraft,
  parseDraft,
  saveDraft,
  type CheckoutDraft,
} from "./checkout-draft.ts";

function memoryStorage() {
  const store = new Map<string, string>();
  return {
    store,
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
}

const draft: CheckoutDraft = {
  name: "Amira Ben Salah",
  email: "amira@example.com",
  whatsapp: "+216 20 123 456",
  notes: "For my brother",
  promoInput: "SAVE10",
  promo: { code: "SAVE10", percent: 10 },
};

describe("checkout draft", () => {
  it("keeps what the shopper typed across a reload", () => {
    const storage = memoryStorage();
    saveDraft(storage, draft);
    expect(loadDraft(storage)).toEqual(draft);
  });

  it("is empty when nothing was stored", () => {
    expect(loadDraft(memoryStorage())).toEqual(EMPTY_DRAFT);
    expect(loadDraft(null)).toEqual(EMPTY_DRAFT);
  });

  it("stores nothing for an empty form, and clears after an order", () => {
    const storage = memoryStorage();
    saveDraft(storage, EMPTY_DRAFT);
    expect(storage.store.has(DRAFT_STORAGE_KEY)).toBe(false);
    saveDraft(storage, draft);
    clearDraft(storage);
    expect(storage.store.has(DRAFT_STORAGE_KEY)).toBe(false);
  });

  it("tolerates broken or tampered entries", () => {
    expect(parseDraft("{oops")).toEqual(EMPTY_DRAFT);
    expect(parseDraft("42")).toEqual(EMPTY_DRAFT);
    const parsed = parseDraft(
      JSON.stringify({ name: 7, email: "a@b.co", notes: "x".repeat(5000), promo: { code: "X", percent: 500 } }),
    );
    expect(parsed.name).toBe("");
    expect(parsed.email).toBe("a@b.co");
    expect(parsed.notes).toHaveLength(1000);
    expect(parsed.promo).toBeNull();
  });

  it("keeps working when storage throws", () => {
    const throwing = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    expect(loadDraft(throwing)).toEqual(EMPTY_DRAFT);
    expect(() => saveDraft(throwing, draft)).not.toThrow();
    expect(() => clearDraft(throwing)).not.toThrow();
  });
});
