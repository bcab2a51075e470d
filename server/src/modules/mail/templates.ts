/** Email texts in the shopper's language (en, fr, ar; Arabic HTML is right-to-left). Operator mail is English. The
 * shopper's words are Lingui messages (messages.ts), said from the catalogs in locales/ (catalog.ts). */
import { formatMoney, type Currency } from "@store/shared/currency";
import type { Locale } from "@store/shared/schemas/checkout";
import { platformFamily } from "@store/shared/platform-family";
import { escapeHtml } from "@store/shared/html";
import { sayIn } from "./catalog.ts";
import { HINT_MESSAGES, MAIL_MESSAGES as m } from "./messages.ts";

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface OrderMailData {
  code: string;
  customerName: string;
  customerEmail: string;
  customerWhatsapp: string;
  notes: string;
  currency: Currency;
  lines: readonly { title: string; variantName: string | null; qty: number; unitPrice: number; lineTotal: number }[];
  subtotal: number;
  discount: number;
  total: number;
  promoCode: string | null;
  /** Private order page (only in the confirmation: the token is not stored afterwards). */
  orderUrl?: string;
  paymentLink: string | null;
  /** The order is paid already: only then does the confirmation read as done. */
  paid?: boolean;
  /** Set when a line is delivered by hand: within how many hours of payment (the operator's setting). */
  manualDeliveryHours?: number;
}

export function localeOf(locale: string): Locale {
  return locale === "fr" || locale === "ar" ? locale : "en";
}

function lineTitle(l: { title: string; variantName: string | null }): string {
  return l.variantName ? `${l.title} (${l.variantName})` : l.title;
}

/** Amounts said in one currency and language, each formatted once: a mail says every line's price and total, the
 * same amounts come back order after order, and Intl's formatting is the dearest part of rendering a mail. Bounded:
 * past MAX_AMOUNTS amounts the list starts again. */
const saidAmounts = new Map<string, Map<number, string>>();
const MAX_AMOUNTS = 2_000;

export function moneyIn(currency: Currency, locale: Locale): (minor: number) => string {
  const key = `${currency}|${locale}`;
  let said = saidAmounts.get(key);
  if (!said) saidAmounts.set(key, (said = new Map<number, string>()));
  return (minor) => {
    let text = said.get(minor);
    if (text === undefined) {
      if (said.size >= MAX_AMOUNTS) said.clear();
      text = formatMoney(minor, currency, locale);
      said.set(minor, text);
    }
    return text;
  };
}

/** The viewport line lets a phone's mail app show the mail at the phone's width, not shrunk to a desktop page's. */
const HEAD = '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>';

export function page(locale: Locale, body: string): string {
  const dir = locale === "ar" ? "rtl" : "ltr";
  return `<!doctype html><html lang="${locale}" dir="${dir}">${HEAD}<body dir="${dir}" style="font-family:Arial,Helvetica,sans-serif;color:#111">${body}</body></html>`;
}

/** The private order page's link as a shopper's mail gives it: naming the mail's language, which the page speaks
 * from its first render wherever the link is opened, unless the shopper chose one on that device (docs/decisions.md
 * D59). */
function orderLinkIn(locale: Locale, orderUrl: string): string {
  return `${orderUrl}${orderUrl.includes("?") ? "&" : "?"}lang=${locale}`;
}

/** No shopper mail names the shopper. The store never proves that an address is the shopper's: the name comes
 * from whoever typed the order, and `https://<host>/refund Smith` would greet a stranger with a link. So every mail
 * to a shopper greets without a name; only the operator's copy shows it. */
export function orderConfirmationMail(localeInput: string, d: OrderMailData): MailContent {
  const locale = localeOf(localeInput);
  const say = sayIn(locale);
  const money = moneyIn(d.currency, locale);
  const payment = d.paymentLink ? `${say(m.payLink)} ${d.paymentLink}` : say(m.payManual);
  const orderLink = d.orderUrl && orderLinkIn(locale, d.orderUrl);

  const textLines = [
    say(m.hello),
    "",
    say(m.thanks, { code: d.code }),
    "",
    ...d.lines.map((l) => `- ${lineTitle(l)} x ${l.qty}: ${money(l.lineTotal)}`),
    "",
    `${say(m.subtotal)}: ${money(d.subtotal)}`,
    ...(d.discount > 0 && d.promoCode ? [`${say(m.discount, { code: d.promoCode })}: -${money(d.discount)}`] : []),
    `${say(m.total)}: ${money(d.total)}`,
    "",
    payment,
    say(m.codesByEmail),
    ...(d.manualDeliveryHours ? [say(m.manualDelivery, { hours: d.manualDeliveryHours })] : []),
    ...(orderLink ? ["", `${say(m.orderPage)} ${orderLink}`] : []),
    "",
    say(m.signature),
  ];

  const rows = d.lines
    .map(
      (l) =>
        `<tr><td>${escapeHtml(lineTitle(l))}</td><td>${l.qty}</td><td>${escapeHtml(money(l.unitPrice))}</td><td>${escapeHtml(money(l.lineTotal))}</td></tr>`,
    )
    .join("");
  const html = page(
    locale,
    [
      `<p>${escapeHtml(say(m.hello))}</p>`,
      `<p>${escapeHtml(say(m.thanks, { code: d.code }))}</p>`,
      `<table cellpadding="6" style="border-collapse:collapse"><thead><tr><th>${say(m.item)}</th><th>${say(m.qty)}</th><th>${say(m.price)}</th><th>${say(m.total)}</th></tr></thead><tbody>${rows}</tbody></table>`,
      `<p>${say(m.subtotal)}: ${escapeHtml(money(d.subtotal))}</p>`,
      d.discount > 0 && d.promoCode
        ? `<p>${escapeHtml(say(m.discount, { code: d.promoCode }))}: -${escapeHtml(money(d.discount))}</p>`
        : "",
      `<p><strong>${say(m.total)}: ${escapeHtml(money(d.total))}</strong></p>`,
      d.paymentLink
        ? `<p>${say(m.payLink)} <a href="${escapeHtml(d.paymentLink)}">${escapeHtml(d.paymentLink)}</a></p>`
        : `<p>${say(m.payManual)}</p>`,
      `<p>${say(m.codesByEmail)}</p>`,
      d.manualDeliveryHours ? `<p>${escapeHtml(say(m.manualDelivery, { hours: d.manualDeliveryHours }))}</p>` : "",
      orderLink ? `<p>${say(m.orderPage)} <a href="${escapeHtml(orderLink)}">${escapeHtml(orderLink)}</a></p>` : "",
      `<p>${say(m.signature)}</p>`,
    ].join(""),
  );
  // Placed orders await their payment: the subject says so rather than "confirmed".
  const subject = d.paid ? say(m.confirmationSubject, { code: d.code }) : say(m.receivedSubject, { code: d.code });
  return { subject, text: textLines.join("\n"), html };
}

/** Payment received; `awaitingStock` when some codes are still to come (the delivery email follows). */
export function paymentReceivedMail(
  localeInput: string,
  d: Pick<OrderMailData, "code"> & { awaitingStock?: boolean },
): MailContent {
  const locale = localeOf(localeInput);
  const say = sayIn(locale);
  const said = d.awaitingStock ? say(m.awaitingStock, { code: d.code }) : say(m.paid, { code: d.code });
  const text = [say(m.hello), "", said, "", say(m.signature)].join("\n");
  const html = page(locale, `<p>${escapeHtml(say(m.hello))}</p><p>${escapeHtml(said)}</p><p>${say(m.signature)}</p>`);
  return { subject: say(m.paidSubject, { code: d.code }), text, html };
}

export interface DeliveryMailData {
  code: string;
  /** One entry per order line that has codes. */
  items: { title: string; variantName: string | null; platform: string; codes: string[] }[];
  orderUrl?: string;
  /** A replacement code (the old one was revoked) rather than the order's delivery. */
  replacement?: boolean;
}

/** The delivery email: the codes, per line, with a short activation hint per platform, in the shopper's language. */
export function deliveryMail(localeInput: string, d: DeliveryMailData): MailContent {
  const locale = localeOf(localeInput);
  const say = sayIn(locale);
  const intro = d.replacement ? say(m.replacement, { code: d.code }) : say(m.delivered, { code: d.code });
  const orderLink = d.orderUrl && orderLinkIn(locale, d.orderUrl);
  const hints = [...new Set(d.items.map((i) => platformFamily(i.platform, i.title)))].map((p) => say(HINT_MESSAGES[p]));
  const text = [
    say(m.hello),
    "",
    intro,
    "",
    `${say(m.yourCodes)}:`,
    ...d.items.flatMap((i) => [`- ${lineTitle(i)}`, ...i.codes.map((c) => `    ${c}`)]),
    "",
    `${say(m.howToRedeem)}:`,
    ...hints.map((h) => `- ${h}`),
    "",
    say(m.keepPrivate),
    ...(orderLink ? ["", `${say(m.orderPage)} ${orderLink}`] : []),
    "",
    say(m.signature),
  ].join("\n");
  const items = d.items
    .map(
      (i) =>
        `<li><strong>${escapeHtml(lineTitle(i))}</strong><ul>${i.codes
          .map((c) => `<li><code style="font-size:1.1em;direction:ltr;unicode-bidi:embed">${escapeHtml(c)}</code></li>`)
          .join("")}</ul></li>`,
    )
    .join("");
  const html = page(
    locale,
    [
      `<p>${escapeHtml(say(m.hello))}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<h2 style="font-size:1.1em">${escapeHtml(say(m.yourCodes))}</h2><ul>${items}</ul>`,
      `<h2 style="font-size:1.1em">${escapeHtml(say(m.howToRedeem))}</h2><ul>${hints.map((h) => `<li>${escapeHtml(h)}</li>`).join("")}</ul>`,
      `<p>${escapeHtml(say(m.keepPrivate))}</p>`,
      orderLink ? `<p>${say(m.orderPage)} <a href="${escapeHtml(orderLink)}">${escapeHtml(orderLink)}</a></p>` : "",
      `<p>${say(m.signature)}</p>`,
    ].join(""),
  );
  return {
    subject: d.replacement ? say(m.replacementSubject, { code: d.code }) : say(m.deliverySubject, { code: d.code }),
    text,
    html,
  };
}

/** To the operator (English): a new order awaiting payment. Never includes the private page link. */
export function operatorNotificationMail(d: OrderMailData): MailContent {
  const money = moneyIn(d.currency, "en");
  const lines = d.lines.map((l) => `- ${lineTitle(l)} x ${l.qty}: ${money(l.lineTotal)}`);
  const text = [
    `New order ${d.code}`,
    "",
    `Customer: ${d.customerName}`,
    `Email: ${d.customerEmail}`,
    `WhatsApp: ${d.customerWhatsapp}`,
    ...(d.notes ? [`Notes: ${d.notes}`] : []),
    "",
    ...lines,
    "",
    ...(d.promoCode ? [`Promo ${d.promoCode}: -${money(d.discount)}`] : []),
    `Total: ${money(d.total)}`,
    "",
    "Contact the customer to arrange payment, then mark the order paid in the admin console.",
  ].join("\n");
  const html = page("en", `<pre style="font-family:inherit">${escapeHtml(text)}</pre>`);
  return { subject: `New order ${d.code} (${money(d.total)})`, text, html };
}

/** Find my order: the private order page's link again, to the order's own address, in the order's language. */
export function orderLinkMail(localeInput: string, d: Pick<OrderMailData, "code"> & { orderUrl: string }): MailContent {
  const locale = localeOf(localeInput);
  const say = sayIn(locale);
  const orderLink = orderLinkIn(locale, d.orderUrl);
  const text = [
    say(m.hello),
    "",
    say(m.orderLinkAsked, { code: d.code }),
    orderLink,
    "",
    say(m.orderLinkNotYou),
    "",
    say(m.signature),
  ].join("\n");
  const html = page(
    locale,
    [
      `<p>${escapeHtml(say(m.hello))}</p>`,
      `<p>${escapeHtml(say(m.orderLinkAsked, { code: d.code }))} <a href="${escapeHtml(orderLink)}">${escapeHtml(orderLink)}</a></p>`,
      `<p>${escapeHtml(say(m.orderLinkNotYou))}</p>`,
      `<p>${escapeHtml(say(m.signature))}</p>`,
    ].join(""),
  );
  return { subject: say(m.orderLinkSubject, { code: d.code }), text, html };
}
