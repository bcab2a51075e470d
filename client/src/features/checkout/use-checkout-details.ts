/** The shopper's details on the checkout screen: kept on the device as they are typed, checked against the
 * shared schema on blur and on submit, errors in the shopper's language. */
import { useEffect, useRef, useState, type RefObject } from "react";
import { useLingui } from "@lingui/react/macro";
import { checkoutDetailsSchema } from "@store/shared/schemas/checkout";
import { browserStorage, loadDraft, saveDraft, type CheckoutDraft } from "./checkout-draft.ts";
import { codeOfIssue } from "@store/shared/schemas/error-codes";
import { codedText } from "../../i18n/error-messages.ts";

type DetailField = "name" | "email" | "whatsapp" | "notes";
const DETAIL_FIELDS: readonly DetailField[] = ["name", "email", "whatsapp", "notes"];

/** The shared schema's first issue with a field, or null when the value is valid. */
function fieldError(field: DetailField, value: string) {
  const result = checkoutDetailsSchema.shape[field].safeParse(value);
  return result.success ? null : (result.error.issues[0] ?? null);
}

export interface CheckoutDetails {
  draft: CheckoutDraft;
  update: (patch: Partial<CheckoutDraft>) => void;
  /** The field was left: its error shows from now on. */
  touch: (field: DetailField) => void;
  /** The translated error shown under a field, or null. */
  shownError: (field: DetailField) => string | null;
  fieldRefs: {
    name: RefObject<HTMLInputElement | null>;
    email: RefObject<HTMLInputElement | null>;
    whatsapp: RefObject<HTMLInputElement | null>;
    notes: RefObject<HTMLTextAreaElement | null>;
  };
  /** Shows every field's error; focuses the first invalid field and answers false when there is one. */
  checkAll: () => boolean;
}

export function useCheckoutDetails(): CheckoutDetails {
  const { i18n } = useLingui();
  const [draft, setDraft] = useState<CheckoutDraft>(() => loadDraft(browserStorage("local")));
  const [touched, setTouched] = useState<ReadonlySet<DetailField>>(() => new Set());
  const fieldRefs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    whatsapp: useRef<HTMLInputElement>(null),
    notes: useRef<HTMLTextAreaElement>(null),
  };

  useEffect(() => {
    saveDraft(browserStorage("local"), draft);
  }, [draft]);

  const shownError = (field: DetailField): string | null => {
    const error = touched.has(field) ? fieldError(field, draft[field]) : null;
    return error ? codedText(i18n, codeOfIssue(error), { field, form: "checkout" }) : null;
  };

  const checkAll = (): boolean => {
    setTouched(new Set(DETAIL_FIELDS));
    const firstInvalid = DETAIL_FIELDS.find((field) => fieldError(field, draft[field]) !== null);
    if (firstInvalid) fieldRefs[firstInvalid].current?.focus();
    return firstInvalid === undefined;
  };

  return {
    draft,
    update: (patch) => setDraft((d) => ({ ...d, ...patch })),
    touch: (field) => setTouched((s) => (s.has(field) ? s : new Set(s).add(field))),
    shownError,
    fieldRefs,
    checkAll,
  };
}
