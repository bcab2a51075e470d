/** The one catalog of refusals and field errors in the shopper's or operator's language (docs/decisions.md D29).
 * The server and the shared schemas send a stable code and its parameters beside their English; every screen
 * and toast says them through here. The server's English is shown only for a code this catalog does not know. */
import { msg } from "@lingui/core/macro";
import type { I18n, MessageDescriptor } from "@lingui/core";
import {
  ERROR_CODES,
  fieldKey,
  fieldCodesFromIssues,
  type CodedError,
  type ErrorParams,
  type FIELD_ERROR_CODES,
} from "@store/shared/error-codes";
import type { CHECKOUT_ERROR_CODES } from "@store/shared/schemas/checkout";
import type { PAYMENT_ERROR_CODES } from "@store/shared/schemas/payments";
import type { STOCK_REQUEST_ERROR_CODES } from "@store/shared/schemas/stock-requests";
import type { RATE_LIMITED } from "@store/shared/schemas/errors";
import { throttledText } from "./throttled.ts";

type Say = (i18n: I18n, p: ErrorParams) => string;
type Values<T> = T[keyof T];
type FieldCode = Values<typeof FIELD_ERROR_CODES>;
type RefusalCode =
  | Values<typeof ERROR_CODES>
  | Values<typeof CHECKOUT_ERROR_CODES>
  | Values<typeof PAYMENT_ERROR_CODES>
  | Values<typeof STOCK_REQUEST_ERROR_CODES>
  | typeof RATE_LIMITED;

const num = (p: ErrorParams, key: string): number => {
  const v = p[key];
  return typeof v === "number" ? v : Number(v ?? 0);
};
const str = (p: ErrorParams, key: string): string => String(p[key] ?? "");
const say =
  (m: MessageDescriptor): Say =>
  (i18n) =>
    i18n._(m);

/** Field errors, by the kind of problem (the same code on any field). */
const FIELD_MESSAGES: Readonly<Record<FieldCode, Say>> = {
  required: say(msg`This field is required.`),
  too_short: (i18n, p) => {
    const min = num(p, "min");
    return i18n._(msg`Enter at least ${min} characters.`);
  },
  too_long: (i18n, p) => {
    const max = num(p, "max");
    return i18n._(msg`Enter at most ${max} characters.`);
  },
  too_small: (i18n, p) => {
    const min = num(p, "min");
    return i18n._(msg`Enter a number of ${min} or more.`);
  },
  too_big: (i18n, p) => {
    const max = num(p, "max");
    return i18n._(msg`Enter a number of ${max} or less.`);
  },
  too_few: (i18n, p) => {
    const min = num(p, "min");
    return i18n._(msg`Add at least ${min} items.`);
  },
  too_many: (i18n, p) => {
    const max = num(p, "max");
    return i18n._(msg`At most ${max} items.`);
  },
  not_whole_number: say(msg`Enter a whole number.`),
  wrong_type: (i18n, p) => {
    const expected = str(p, "expected");
    if (expected === "number") return i18n._(msg`Enter a number.`);
    if (expected === "boolean") return i18n._(msg`Choose yes or no.`);
    return i18n._(msg`This value is not valid.`);
  },
  invalid_format: say(msg`This value is not in the expected form.`),
  invalid_choice: say(msg`Choose one of the options.`),
  invalid_email: say(msg`Please enter a valid email address.`),
  invalid_phone: say(msg`Please enter a valid phone number.`),
  invalid_link: say(msg`Enter a site path (/...) or an http(s) address.`),
  invalid_image: say(msg`Enter an http(s) address or a site path, or upload an image.`),
  insecure_image: say(
    msg`This store is served over https: enter an https:// address or a site path, or upload an image.`,
  ),
  invalid_username: say(msg`Username must be 3 to 40 characters: letters, digits, dot, underscore or hyphen`),
  invalid_name: say(msg`Please enter your name only, without web addresses, links or special characters.`),
  invalid_date: say(msg`Enter a valid date`),
  out_of_range: (i18n, p) => {
    const min = num(p, "min");
    const max = num(p, "max");
    return i18n._(msg`Enter a number greater than ${min} and less than ${max}.`);
  },
  between: (i18n, p) => {
    const min = num(p, "min");
    const max = num(p, "max");
    return i18n._(msg`Enter a whole number from ${min} to ${max}.`);
  },
  quantity_over_limit: (i18n, p) => {
    const max = num(p, "max");
    return i18n._(msg`Quantity must be a whole number from 1 to ${max}.`);
  },
  zero_price: (i18n, p) => {
    const currency = str(p, "currency");
    const option = str(p, "option");
    return option
      ? i18n._(msg`Option "${option}": the price in ${currency} cannot be 0.`)
      : i18n._(msg`The base price in ${currency} cannot be 0.`);
  },
  invalid_block_value: (i18n, p) => {
    const kind = str(p, "kind");
    if (kind === "email") return i18n._(msg`Enter an email address, such as name@example.com.`);
    if (kind === "domain") return i18n._(msg`Enter a domain, such as example.com.`);
    if (kind === "cidr") return i18n._(msg`Enter an address or a range, such as 203.0.113.0/24 or 2001:db8::/32.`);
    return i18n._(msg`Enter a calling code, such as +216.`);
  },
  invalid: say(msg`This value is not valid.`),
};

/** Refusals of a request, by their code. `params` may carry `title` and `available` (checkout) or `retryAfter`. */
const REFUSAL_MESSAGES: Readonly<Record<RefusalCode, Say>> = {
  invalid_request: say(msg`Some fields need attention.`),
  malformed_body: say(msg`The request was refused.`),
  body_too_large: say(msg`Too much at once.`),
  unauthorized: say(msg`Please sign in again.`),
  forbidden: say(msg`This action is not allowed. Please reload the page.`),
  not_found: say(msg`Not found.`),
  edit_conflict: say(msg`This was changed by someone else. Please review and try again.`),
  idempotency_mismatch: say(msg`This request was already submitted with different details. Please try again.`),
  idempotency_in_progress: say(msg`This request is still being processed. Please try again in a moment.`),
  login_invalid: say(msg`Invalid username or password`),
  current_password_incorrect: say(msg`Current password is incorrect`),
  passwords_do_not_match: say(msg`Passwords do not match`),
  password_too_short: (i18n, p) => {
    const min = num(p, "min");
    return i18n._(msg`Password must be at least ${min} characters`);
  },
  password_too_common: say(msg`This password is too common. Choose a longer, less predictable one.`),
  username_taken: say(msg`This username is already taken`),
  promo_code_taken: (i18n, p) => {
    const code = str(p, "code");
    return i18n._(msg`The promo code ${code} already exists.`);
  },
  promo_invalid: say(msg`Invalid or inactive code`),
  product_id_taken: say(msg`A product with this id already exists`),
  variant_ids_repeated: say(msg`Each option needs its own id.`),
  variant_id_taken: say(msg`An option id belongs to another product.`),
  category_not_found: say(msg`This category no longer exists.`),
  category_name_taken: say(msg`A category with this name already exists`),
  category_name_needs_letters: say(msg`Category name must contain letters or digits`),
  category_own_parent: say(msg`A category cannot be its own parent`),
  parent_category_not_found: say(msg`The parent category no longer exists.`),
  parent_not_main: say(msg`A subcategory can only be placed under a main category`),
  category_has_subcategories: say(msg`Cannot delete category with subcategories. Delete subcategories first.`),
  category_in_use: say(msg`Cannot delete category in use`),
  category_cannot_nest: say(msg`A category with subcategories cannot become a subcategory`),
  image_too_large: (i18n, p) => {
    const max = num(p, "max");
    return i18n._(msg`Image too large (max ${max} MB)`);
  },
  image_unsupported: say(msg`Unsupported image: upload a PNG, JPEG, WebP, GIF or AVIF file`),
  image_unreadable: say(msg`The image could not be read`),
  image_required: say(msg`Choose an image file`),
  prices_changed: say(msg`Prices have changed. Please review your cart.`),
  order_refused: say(msg`We could not take this order. Please contact us.`),
  block_entry_taken: say(msg`This is already on the block list.`),
  rate_limited: (i18n, p) => throttledText(i18n, p.retryAfter === undefined ? undefined : num(p, "retryAfter")),
  product_unavailable: (i18n, p) => {
    const title = str(p, "title");
    return title
      ? i18n._(msg`An option of "${title}" is no longer available. Please remove it from your cart.`)
      : i18n._(msg`A product in your cart is no longer available. Please remove it from your cart.`);
  },
  option_required: (i18n, p) => {
    const title = str(p, "title");
    return i18n._(msg`Please choose an option for "${title}".`);
  },
  out_of_stock: (i18n, p) => {
    const title = str(p, "title");
    return i18n._(msg`"${title}" is out of stock. Please remove it from your cart.`);
  },
  insufficient_stock: (i18n, p) => {
    const title = str(p, "title");
    const available = num(p, "available");
    return available > 0
      ? i18n._(msg`Only ${available} left of "${title}". Please lower the quantity in your cart.`)
      : i18n._(msg`"${title}" is out of stock. Please remove it from your cart.`);
  },
  recipient_daily_limit: say(
    msg`This email address has received too many order confirmations today. Please try again tomorrow or use another address.`,
  ),
  quantity_limit: (i18n, p) => {
    const title = str(p, "title");
    const limit = num(p, "limit");
    return i18n._(msg`You can buy at most ${limit} of "${title}" per order. Please lower the quantity in your cart.`);
  },
  held_limit: (i18n, p) => {
    const title = str(p, "title");
    const held = num(p, "held");
    const limit = num(p, "limit");
    return i18n._(
      msg`${held} of "${title}" already await payment in your orders, and at most ${limit} can wait at a time. Pay or cancel an order first.`,
    );
  },
  held_total_limit: (i18n, p) => {
    const held = num(p, "held");
    const limit = num(p, "limit");
    return i18n._(
      msg`${held} items already await payment in your orders, and at most ${limit} can wait at a time. Pay or cancel an order first.`,
    );
  },
  recipient_units_limit: (i18n, p) => {
    const title = str(p, "title");
    const limit = num(p, "limit");
    return i18n._(msg`One email address can get at most ${limit} of "${title}" a day. Please try again tomorrow.`);
  },
  in_stock_now: say(msg`It is in stock again: you can buy it now.`),
  not_restocked: say(msg`This product is not restocked automatically.`),
  too_many_stock_requests: (i18n, p) => {
    const max = num(p, "max");
    return i18n._(msg`This email already waits for ${max} products. Buy or wait for one of them first.`);
  },
  currency_not_payable: say(msg`Online payment is not available in this currency. Please choose another currency.`),
  payment_method_unavailable: say(msg`This payment method is not available. Please choose another one.`),
  payment_method_required: say(msg`Please choose how to pay.`),
  payment_unavailable: say(
    msg`The payment service is not available right now. Your order was cancelled; please try again.`,
  ),
};

/** The checkout's fields say one sentence for any problem of theirs (docs/product.md, "Cart and checkout"). */
const CHECKOUT_FIELDS: ReadonlyMap<string, MessageDescriptor> = new Map([
  ["name", msg`Full name is required.`],
  ["name:invalid_name", msg`Please enter your name only, without web addresses, links or special characters.`],
  ["email", msg`Please enter a valid email address.`],
  ["whatsapp", msg`Please enter a valid phone number.`],
  ["notes", msg`Notes must be at most 1000 characters.`],
  ["qty", msg`Quantity must be a whole number from 1 to 99.`],
  ["currency", msg`Please choose a currency.`],
  ["items", msg`Your cart is empty.`],
  ["items:too_many", msg`A cart can hold at most 50 lines.`],
  ["promoCode", msg`Invalid or inactive code`],
]);

/** The form a field belongs to, when it says its own sentence rather than the generic one of its code. */
export type ErrorForm = "checkout" | "category" | "product" | "banner" | "promo";

/** A required field of an admin form says the shared schema's own sentence (docs/product.md: 'Category name is
 * required', 'Title is required', 'Banner title is required'), keyed by the field's last name (`variants.0.name`). */
const REQUIRED_FIELDS: Readonly<Record<Exclude<ErrorForm, "checkout">, ReadonlyMap<string, MessageDescriptor>>> = {
  category: new Map([["name", msg`Category name is required`]]),
  product: new Map([
    ["title", msg`Title is required`],
    ["name", msg`Variant name is required`],
  ]),
  banner: new Map([["title", msg`Banner title is required`]]),
  promo: new Map([["code", msg`Promo code is required`]]),
};

function known<T extends string>(table: Readonly<Record<T, Say>>, code: string): Say | undefined {
  return Object.hasOwn(table, code) ? table[code as T] : undefined;
}

/** The text of a code, or null when the catalog does not know it. `field` (a key such as `variants.0.name`)
 * and `form` pick a form's own wording for that field. */
export function codedText(
  i18n: I18n,
  coded: CodedError,
  where: { field?: string; form?: ErrorForm } = {},
): string | null {
  if (where.form !== undefined && where.field !== undefined) {
    const last = where.field.split(".").findLast((part) => !/^\d+$/.test(part)) ?? where.field;
    const own =
      where.form === "checkout"
        ? (CHECKOUT_FIELDS.get(`${last}:${coded.code}`) ?? CHECKOUT_FIELDS.get(last))
        : coded.code === "required"
          ? REQUIRED_FIELDS[where.form].get(last)
          : undefined;
    if (own) return i18n._(own);
  }
  const sayIt = known(FIELD_MESSAGES, coded.code) ?? known(REFUSAL_MESSAGES, coded.code);
  return sayIt ? sayIt(i18n, coded.params ?? {}) : null;
}

/** Field errors in the current language, from an answer's `fieldCodes` (English `fields` as the last resort). */
export function fieldTexts(
  i18n: I18n,
  fieldCodes: Readonly<Record<string, CodedError>> | undefined,
  english: Readonly<Record<string, string>> = {},
  form?: ErrorForm,
): Record<string, string> {
  const out: Record<string, string> = { ...english };
  for (const [field, coded] of Object.entries(fieldCodes ?? {})) {
    out[field] = codedText(i18n, coded, form ? { field, form } : { field }) ?? english[field] ?? "";
  }
  return out;
}

/** Field errors in the current language, from a shared schema's issues checked on the client. */
export function issueTexts(
  i18n: I18n,
  issues: Parameters<typeof fieldCodesFromIssues>[0],
  form?: ErrorForm,
): Record<string, string> {
  const english: Record<string, string> = {};
  for (const issue of issues) english[fieldKey(issue.path)] ??= issue.message;
  return fieldTexts(i18n, fieldCodesFromIssues(issues), english, form);
}

/** What a refusal says: its code's text; for a refused body, its first field's; else the server's own text. */
export function refusalText(
  i18n: I18n,
  answer: { code?: string | undefined; params?: ErrorParams | undefined; message?: string | null | undefined },
  fieldCodes?: Readonly<Record<string, CodedError>>,
  form?: ErrorForm,
): string | null {
  const first = Object.entries(fieldCodes ?? {})[0];
  if (first && (answer.code === undefined || answer.code === ERROR_CODES.invalidRequest)) {
    const [field, coded] = first;
    const text = codedText(i18n, coded, form ? { field, form } : { field });
    if (text) return text;
  }
  if (answer.code !== undefined) {
    const text = codedText(i18n, { code: answer.code, ...(answer.params ? { params: answer.params } : {}) });
    if (text) return text;
  }
  return answer.message || null;
}

/** An edit the device could not keep offline for lack of storage (the browser's quota for the site is used up):
 * said instead of a bare failure, so the operator knows the edit is not queued (docs/decisions.md D17). */
export function storageFullText(i18n: I18n): string {
  return i18n._(
    msg`This device is out of storage, so this change could not be saved offline. Reconnect to save it, or free some space.`,
  );
}
