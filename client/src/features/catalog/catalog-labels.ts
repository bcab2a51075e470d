/** Catalog values that are words of the store rather than of the operator: the "Global" region the search filters
 * know and the default delivery label. Shown in the shopper's language; any other value is the operator's text. */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";

const GLOBAL = msg`Global`;
const EMAIL_DELIVERY = msg`Email delivery`;

export function regionLabel(i18n: I18n, region: string): string {
  return region === "Global" ? i18n._(GLOBAL) : region;
}

/** An empty label, or the store's own "Email" (as the demo catalog and older products carry it), is the default
 * delivery: said as 'Email delivery' in the shopper's language. */
export function deliveryLabel(i18n: I18n, delivery: string): string {
  const label = delivery.trim();
  return label === "" || /^e-?mail( delivery)?$/i.test(label) ? i18n._(EMAIL_DELIVERY) : label;
}
