/** What the operator is told (English, like the store's other operator mail; the subject is the alert's line in the
 * operator's digest) when money moves at the provider without the operator: a refund or a dispute reported by the provider, or a payment no order holds. Never a code in
 * clear: the history's masks at most. */
import { formatMoney, isCurrency } from "@store/shared/currency";
import { escapeHtml } from "@store/shared/html";
import type { AlertKind } from "@store/shared/schemas/operator-alerts";
import { page, type MailContent } from "../mail/templates.ts";

/** The operator alert kinds these go as (docs/decisions.md D48). */
export const PAYMENT_REVERSED_KIND = "payment_reversed" satisfies AlertKind;
export const PAYMENT_UNMATCHED_KIND = "payment_unmatched" satisfies AlertKind;

/** An amount as the operator reads it (a currency the store does not know is written as given). */
export function money(amount: number, currency: string): string {
  return isCurrency(currency) ? formatMoney(amount, currency, "en") : `${amount} ${currency}`;
}

function content(subject: string, lines: readonly string[]): MailContent {
  const text = lines.join("\n");
  return { subject, text, html: page("en", `<pre style="font-family:inherit">${escapeHtml(text)}</pre>`) };
}

/** A refund or dispute at the provider: what it was, and what the store did to the order and its codes. */
export function paymentReversedMail(d: {
  orderCode: string;
  provider: string;
  what: string;
  done: string;
}): MailContent {
  return content(`Order ${d.orderCode}: ${d.what} at ${d.provider}`, [
    `${d.provider} reports: ${d.what} for order ${d.orderCode}.`,
    "",
    d.done,
    "",
    "See the order's history in the admin console.",
  ]);
}

/** A payment for an order that no longer awaits one. */
export function paymentUnmatchedMail(d: {
  orderCode: string;
  provider: string;
  amount: string;
  orderStatus: string;
}): MailContent {
  return content(`Payment without an order: ${d.amount} for ${d.orderCode}`, [
    `${d.provider} took ${d.amount} for order ${d.orderCode}, which is ${d.orderStatus}: no order holds this money.`,
    "",
    "Refund it at the provider, or deliver by hand. It is listed under Orders > Unmatched payments in the admin console.",
  ]);
}
