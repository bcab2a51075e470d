/** Email texts in the shopper's language (en, fr, ar; Arabic HTML is right-to-left). Operator mail is English. */
import { formatMoney, type Currency } from "@store/shared/currency";
import type { Locale } from "@store/shared/schemas/checkout";

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
  lines: { title: string; variantName: string | null; qty: number; unitPrice: number; lineTotal: number }[];
  subtotal: number;
  discount: number;
  total: number;
  promoCode: string | null;
  /** Private order page (only in the confirmation: the token is not stored afterwards). */
  orderUrl?: string;
  paymentLink: string | null;
}

interface Texts {
  confirmationSubject: (code: string) => string;
  hello: (name: string) => string;
  thanks: (code: string) => string;
  item: string;
  qty: string;
  price: string;
  subtotal: string;
  discount: (code: string) => string;
  total: string;
  payManual: string;
  payLink: string;
  codesByEmail: string;
  orderPage: string;
  paidSubject: (code: string) => string;
  paid: (code: string) => string;
  signature: string;
}

const TEXTS: Record<Locale, Texts> = {
  en: {
    confirmationSubject: (code) => `Order ${code} confirmed`,
    hello: (name) => `Hello ${name},`,
    thanks: (code) => `Thank you for your order ${code}.`,
    item: "Item",
    qty: "Qty",
    price: "Price",
    subtotal: "Subtotal",
    discount: (code) => `Promo code ${code}`,
    total: "Total",
    payManual: "The store will contact you on WhatsApp to arrange payment.",
    payLink: "Complete your payment here:",
    codesByEmail: "Your codes will arrive by email once the payment is received.",
    orderPage: "Your private order page:",
    paidSubject: (code) => `Payment received for order ${code}`,
    paid: (code) => `We have received the payment for your order ${code}. Your codes will arrive by email shortly.`,
    signature: "Thank you for shopping with us.",
  },
  fr: {
    confirmationSubject: (code) => `Commande ${code} confirmée`,
    hello: (name) => `Bonjour ${name},`,
    thanks: (code) => `Merci pour votre commande ${code}.`,
    item: "Article",
    qty: "Qté",
    price: "Prix",
    subtotal: "Sous-total",
    discount: (code) => `Code promo ${code}`,
    total: "Total",
    payManual: "La boutique vous contactera sur WhatsApp pour organiser le paiement.",
    payLink: "Finalisez votre paiement ici :",
    codesByEmail: "Vos codes arriveront par e-mail dès réception du paiement.",
    orderPage: "Votre page de commande privée :",
    paidSubject: (code) => `Paiement reçu pour la commande ${code}`,
    paid: (code) =>
      `Nous avons bien reçu le paiement de votre commande ${code}. Vos codes arriveront bientôt par e-mail.`,
    signature: "Merci pour votre achat.",
  },
  ar: {
    confirmationSubject: (code) => `تم تأكيد الطلب ${code}`,
    hello: (name) => `مرحبًا ${name}،`,
    thanks: (code) => `شكرًا لك على طلبك ${code}.`,
    item: "المنتج",
    qty: "الكمية",
    price: "السعر",
    subtotal: "المجموع الفرعي",
    discount: (code) => `رمز الخصم ${code}`,
    total: "المجموع",
    payManual: "سيتواصل معك المتجر عبر واتساب لترتيب الدفع.",
    payLink: "أكمل الدفع من هنا:",
    codesByEmail: "ستصلك الرموز عبر البريد الإلكتروني بمجرد استلام الدفع.",
    orderPage: "صفحة طلبك الخاصة:",
    paidSubject: (code) => `تم استلام الدفع للطلب ${code}`,
    paid: (code) => `لقد استلمنا الدفع لطلبك ${code}. ستصلك الرموز عبر البريد الإلكتروني قريبًا.`,
    signature: "شكرًا لتسوقك معنا.",
  },
};

export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch,
  );
}

function localeOf(locale: string): Locale {
  return locale === "fr" || locale === "ar" ? locale : "en";
}

function lineTitle(l: OrderMailData["lines"][number]): string {
  return l.variantName ? `${l.title} (${l.variantName})` : l.title;
}

function page(locale: Locale, body: string): string {
  const dir = locale === "ar" ? "rtl" : "ltr";
  return `<!doctype html><html lang="${locale}" dir="${dir}"><body dir="${dir}" style="font-family:Arial,Helvetica,sans-serif;color:#111">${body}</body></html>`;
}

export function orderConfirmationMail(localeInput: string, d: OrderMailData): MailContent {
  const locale = localeOf(localeInput);
  const t = TEXTS[locale];
  const money = (v: number): string => formatMoney(v, d.currency, locale);
  const first = d.customerName.trim().split(/\s+/)[0] ?? d.customerName;
  const payment = d.paymentLink ? `${t.payLink} ${d.paymentLink}` : t.payManual;

  const textLines = [
    t.hello(first),
    "",
    t.thanks(d.code),
    "",
    ...d.lines.map((l) => `- ${lineTitle(l)} x ${l.qty}: ${money(l.lineTotal)}`),
    "",
    `${t.subtotal}: ${money(d.subtotal)}`,
    ...(d.discount > 0 && d.promoCode ? [`${t.discount(d.promoCode)}: -${money(d.discount)}`] : []),
    `${t.total}: ${money(d.total)}`,
    "",
    payment,
    t.codesByEmail,
    ...(d.orderUrl ? ["", `${t.orderPage} ${d.orderUrl}`] : []),
    "",
    t.signature,
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
      `<p>${escapeHtml(t.hello(first))}</p>`,
      `<p>${escapeHtml(t.thanks(d.code))}</p>`,
      `<table cellpadding="6" style="border-collapse:collapse"><thead><tr><th>${t.item}</th><th>${t.qty}</th><th>${t.price}</th><th>${t.total}</th></tr></thead><tbody>${rows}</tbody></table>`,
      `<p>${t.subtotal}: ${escapeHtml(money(d.subtotal))}</p>`,
      d.discount > 0 && d.promoCode
        ? `<p>${escapeHtml(t.discount(d.promoCode))}: -${escapeHtml(money(d.discount))}</p>`
        : "",
      `<p><strong>${t.total}: ${escapeHtml(money(d.total))}</strong></p>`,
      d.paymentLink
        ? `<p>${t.payLink} <a href="${escapeHtml(d.paymentLink)}">${escapeHtml(d.paymentLink)}</a></p>`
        : `<p>${t.payManual}</p>`,
      `<p>${t.codesByEmail}</p>`,
      d.orderUrl ? `<p>${t.orderPage} <a href="${escapeHtml(d.orderUrl)}">${escapeHtml(d.orderUrl)}</a></p>` : "",
      `<p>${t.signature}</p>`,
    ].join(""),
  );
  return { subject: t.confirmationSubject(d.code), text: textLines.join("\n"), html };
}

export function paymentReceivedMail(localeInput: string, d: Pick<OrderMailData, "code" | "customerName">): MailContent {
  const locale = localeOf(localeInput);
  const t = TEXTS[locale];
  const first = d.customerName.trim().split(/\s+/)[0] ?? d.customerName;
  const text = [t.hello(first), "", t.paid(d.code), "", t.signature].join("\n");
  const html = page(
    locale,
    `<p>${escapeHtml(t.hello(first))}</p><p>${escapeHtml(t.paid(d.code))}</p><p>${t.signature}</p>`,
  );
  return { subject: t.paidSubject(d.code), text, html };
}

/** To the operator (English): a new order awaiting payment. Never includes the private page link. */
export function operatorNotificationMail(d: OrderMailData): MailContent {
  const money = (v: number): string => formatMoney(v, d.currency, "en");
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
