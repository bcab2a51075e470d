/** A conflict's two versions side by side (docs/decisions.md D17): the fields my queued edit sets that the server's
 * copy holds differently, so the operator sees both before choosing keep mine or keep theirs. */
import { msg } from "@lingui/core/macro";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { isRecord } from "@store/shared/is-record";
import type { VersionedCopy } from "@store/shared/schemas/conflict";

export interface ConflictField {
  field: string;
  mine: string;
  theirs: string;
}

/** Bookkeeping a version carries that the operator did not edit. */
const NOT_SHOWN = new Set(["version", "id", "createdAt", "updatedAt", "slug", "sales", "rev"]);

const FIELD_NAMES: Readonly<Record<string, MessageDescriptor>> = {
  title: msg`Name`,
  name: msg`Name`,
  description: msg`Description`,
  image: msg`Image`,
  price: msg`Price`,
  variants: msg`Variants`,
  discountPercent: msg`Discount (%)`,
  inStock: msg`In stock`,
  active: msg`Active`,
  percent: msg`Percent`,
  categoryId: msg`Category`,
  parentId: msg`Parent category`,
  link: msg`Link`,
  subtitle: msg`Subtitle`,
};

/** A value as one line of text: strings as they are, anything else as compact JSON. */
export function valueText(v: unknown): string {
  if (v === undefined || v === null) return "—";
  if (typeof v === "string") return v === "" ? "—" : v;
  return JSON.stringify(v);
}

/** The fields `mine` sets that `theirs` (the server's copy an edit conflict carried) holds differently, in `mine`'s
 * order; none without a copy, or when `mine` is not an object. */
export function conflictFields(mine: unknown, theirs: VersionedCopy | undefined): ConflictField[] {
  if (!isRecord(mine) || !theirs) return [];
  const out: ConflictField[] = [];
  for (const [field, value] of Object.entries(mine)) {
    if (NOT_SHOWN.has(field)) continue;
    const a = valueText(value);
    const b = valueText(theirs[field]);
    if (a !== b) out.push({ field, mine: a, theirs: b });
  }
  return out;
}

/** A field's name in the operator's language (its key when the catalog has none). */
export function fieldName(i18n: I18n, field: string): string {
  const name = Object.hasOwn(FIELD_NAMES, field) ? FIELD_NAMES[field] : undefined;
  return name ? i18n._(name) : field;
}
