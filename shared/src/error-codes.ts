/** The stable codes of the API's refusals and field errors (docs/decisions.md D29): the server answers in English
 * and, beside every text, a code and its parameters, so each screen says it in its own language. Plain code, no
 * zod at run time: the storefront's first screen says refusals without downloading a schema library; the schema
 * of a coded error is in schemas/error-codes.ts. */
import type { z } from "zod";

export type ErrorParams = Record<string, string | number>;
/** One refusal, or one field's error, as a code and the values its sentence needs. */
export interface CodedError {
  code: string;
  params?: ErrorParams;
}

/** Field error codes, derived from the kind of a schema's issue (never chosen per field). */
export const FIELD_ERROR_CODES = {
  required: "required",
  /** Text shorter than `min` characters. */
  tooShort: "too_short",
  /** Text longer than `max` characters. */
  tooLong: "too_long",
  /** A number below `min`. */
  tooSmall: "too_small",
  /** A number above `max`. */
  tooBig: "too_big",
  /** A list with fewer than `min` items. */
  tooFew: "too_few",
  /** A list with more than `max` items. */
  tooMany: "too_many",
  notWhole: "not_whole_number",
  /** A value of the wrong kind: `expected` is "number", "text", "boolean", "list" or "object". */
  wrongType: "wrong_type",
  /** Text that does not have the expected form (`format`: "email" or "pattern"). */
  invalidFormat: "invalid_format",
  /** A value outside a fixed list of choices. */
  invalidChoice: "invalid_choice",
  invalidEmail: "invalid_email",
  invalidPhone: "invalid_phone",
  /** A link that is neither a site path nor an http(s) address. */
  invalidLink: "invalid_link",
  /** An image reference that is neither a site path, an http(s) address nor an image. */
  invalidImage: "invalid_image",
  /** An http: image address on a store served over https (a browser blocks or flags such mixed content). */
  insecureImage: "insecure_image",
  /** A block-list value that is not of its kind: `kind` is email, domain, cidr or country. */
  invalidBlockValue: "invalid_block_value",
  /** A username outside 3-40 letters, digits, dot, underscore or hyphen. */
  invalidUsername: "invalid_username",
  /** A person's name holding a web address, a host-like word or a control character (shared/src/person-name.ts). */
  invalidName: "invalid_name",
  /** A date that is not one. */
  invalidDate: "invalid_date",
  /** A number outside `min` (excluded) to `max` (excluded). */
  outOfRange: "out_of_range",
  /** A number outside `min` to `max` (both included). */
  between: "between",
  /** A quantity over `max` once the lines of one product are added up. */
  quantityOverLimit: "quantity_over_limit",
  /** A price a shopper would see as 0 in `currency`; `option` names the product's option when it is one. */
  zeroPrice: "zero_price",
  invalid: "invalid",
} as const;

/** Refusals about the request or the store's state, declared once for the server and the screens. */
export const ERROR_CODES = {
  /** A body refused by its schema; `fieldCodes` says why, field by field. */
  invalidRequest: "invalid_request",
  malformedBody: "malformed_body",
  bodyTooLarge: "body_too_large",
  unauthorized: "unauthorized",
  forbidden: "forbidden",
  notFound: "not_found",
  /** Someone else changed the entity since it was loaded (docs/decisions.md D17); `current` comes with it. */
  editConflict: "edit_conflict",
  /** The same Idempotency-Key was sent with another body. */
  idempotencyMismatch: "idempotency_mismatch",
  idempotencyInProgress: "idempotency_in_progress",
  loginInvalid: "login_invalid",
  currentPasswordIncorrect: "current_password_incorrect",
  passwordsDoNotMatch: "passwords_do_not_match",
  /** `min`: the shortest password accepted. */
  passwordTooShort: "password_too_short",
  /** A password guessers try first (a common one, in any case, or one wrapped in digits or repeated). */
  passwordTooCommon: "password_too_common",
  usernameTaken: "username_taken",
  /** `code`: the promo code asked for. */
  promoCodeTaken: "promo_code_taken",
  promoInvalid: "promo_invalid",
  productIdTaken: "product_id_taken",
  variantIdsRepeated: "variant_ids_repeated",
  variantIdTaken: "variant_id_taken",
  categoryNotFound: "category_not_found",
  categoryNameTaken: "category_name_taken",
  categoryNameNeedsLetters: "category_name_needs_letters",
  categoryOwnParent: "category_own_parent",
  parentCategoryNotFound: "parent_category_not_found",
  parentNotMain: "parent_not_main",
  categoryHasSubcategories: "category_has_subcategories",
  categoryInUse: "category_in_use",
  /** A category with subcategories cannot become one. */
  categoryCannotNest: "category_cannot_nest",
  /** `max`: megabytes. */
  imageTooLarge: "image_too_large",
  imageUnsupported: "image_unsupported",
  imageUnreadable: "image_unreadable",
  imageRequired: "image_required",
  pricesChanged: "prices_changed",
  /** A checkout the block list refused; the answer says only that the order could not be taken. */
  orderRefused: "order_refused",
  /** `kind`: the kind of a block-list entry already listed with that value. */
  blockEntryTaken: "block_entry_taken",
} as const;

type IssueLike = z.core.$ZodIssue & { input?: unknown };

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: "text",
  number: "number",
  int: "number",
  boolean: "boolean",
  array: "list",
  object: "object",
};

function bound(n: number | bigint): number {
  return Number(n);
}

/** The code and parameters of one schema issue. A refinement names its own code in `params.code`. */
export function codeOfIssue(issue: IssueLike): CodedError {
  const F = FIELD_ERROR_CODES;
  switch (issue.code) {
    case "invalid_type": {
      if (issue.expected === "int") return { code: F.notWhole };
      if ("input" in issue && (issue.input === undefined || issue.input === null)) return { code: F.required };
      return { code: F.wrongType, params: { expected: TYPE_NAMES[issue.expected] ?? "value" } };
    }
    case "too_small": {
      const min = bound(issue.minimum);
      if (issue.origin === "string") return min <= 1 ? { code: F.required } : { code: F.tooShort, params: { min } };
      if (issue.origin === "array" || issue.origin === "set") {
        return min <= 1 ? { code: F.required } : { code: F.tooFew, params: { min } };
      }
      return { code: F.tooSmall, params: { min } };
    }
    case "too_big": {
      const max = bound(issue.maximum);
      if (issue.origin === "string") return { code: F.tooLong, params: { max } };
      if (issue.origin === "array" || issue.origin === "set") return { code: F.tooMany, params: { max } };
      return { code: F.tooBig, params: { max } };
    }
    case "invalid_format":
      return issue.format === "email"
        ? { code: F.invalidEmail }
        : { code: F.invalidFormat, params: { format: issue.format === "regex" ? "pattern" : issue.format } };
    case "invalid_value":
    case "invalid_union":
    case "invalid_key":
    case "invalid_element":
      return { code: F.invalidChoice };
    case "not_multiple_of":
      return { code: F.notWhole };
    case "custom": {
      const own = issue.params?.code;
      const params = issue.params?.values;
      return typeof own === "string" ? { code: own, ...(isParams(params) ? { params } : {}) } : { code: F.invalid };
    }
    default:
      return { code: F.invalid };
  }
}

function isParams(v: unknown): v is ErrorParams {
  return (
    typeof v === "object" && v !== null && Object.values(v).every((x) => typeof x === "string" || typeof x === "number")
  );
}

/** The key of an issue's field, as the answers and the forms name it (`price.USD`, `variants.0.name`). */
export function fieldKey(path: readonly PropertyKey[]): string {
  return path.map(String).join(".") || "body";
}

/** The first issue of each field, as codes. */
export function fieldCodesFromIssues(issues: readonly IssueLike[]): Record<string, CodedError> {
  const out: Record<string, CodedError> = {};
  for (const issue of issues) out[fieldKey(issue.path)] ??= codeOfIssue(issue);
  return out;
}

/** The `params` of a refinement whose issue carries its own code (read back by codeOfIssue). */
export function ownCode(code: string, values?: ErrorParams): { code: string; values?: ErrorParams } {
  return values ? { code, values } : { code };
}
