/** The "back in stock" email, in the language the shopper asked in. Nothing secret in it: it is rendered when
 * queued and kept in the outbox as is. */
import { escapeHtml } from "@store/shared/html";
import type { Locale } from "@store/shared/schemas/checkout";
import { localeOf, page, type MailContent } from "../mail/templates.ts";

interface BackInStockTexts {
  subject: (title: string) => string;
  body: (title: string) => string;
  buy: string;
  why: string;
  unsubscribe: string;
  signature: string;
}

const TEXTS: Record<Locale, BackInStockTexts> = {
  en: {
    subject: (title) => `${title} is back in stock`,
    body: (title) => `Good news: ${title} is back in stock. Codes go fast, so do not wait too long.`,
    buy: "See the product:",
    why: "You get this email once because you asked to be told when this product is back.",
    unsubscribe: "Stop all back-in-stock emails to this address:",
    signature: "Thank you for shopping with us.",
  },
  fr: {
    subject: (title) => `${title} est de nouveau en stock`,
    body: (title) =>
      `Bonne nouvelle : ${title} est de nouveau en stock. Les codes partent vite, n'attendez pas trop longtemps.`,
    buy: "Voir le produit :",
    why: "Vous recevez cet e-mail une seule fois, car vous avez demandé à être prévenu du retour de ce produit.",
    unsubscribe: "Ne plus recevoir d'alertes de retour en stock à cette adresse :",
    signature: "Merci pour votre achat.",
  },
  ar: {
    subject: (title) => `${title} متوفر من جديد`,
    body: (title) => `خبر سار: ${title} متوفر من جديد. الرموز تنفد بسرعة، فلا تتأخر كثيرًا.`,
    buy: "عرض المنتج:",
    why: "تصلك هذه الرسالة مرة واحدة لأنك طلبت إعلامك عند توفر هذا المنتج من جديد.",
    unsubscribe: "إيقاف جميع رسائل توفر المنتجات إلى هذا العنوان:",
    signature: "شكرًا لتسوقك معنا.",
  },
};

export interface BackInStockMailData {
  title: string;
  productUrl: string;
  unsubscribeUrl: string;
}

export function backInStockMail(localeInput: string, d: BackInStockMailData): MailContent {
  const locale = localeOf(localeInput);
  const t = TEXTS[locale];
  const text = [t.body(d.title), "", t.buy, d.productUrl, "", t.why, t.unsubscribe, d.unsubscribeUrl, "", t.signature];
  const link = (url: string) => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
  const html = page(
    locale,
    [
      `<p>${escapeHtml(t.body(d.title))}</p>`,
      `<p>${escapeHtml(t.buy)} ${link(d.productUrl)}</p>`,
      `<p style="color:#555;font-size:13px">${escapeHtml(t.why)}<br>${escapeHtml(t.unsubscribe)} ${link(d.unsubscribeUrl)}</p>`,
      `<p>${escapeHtml(t.signature)}</p>`,
    ].join(""),
  );
  return { subject: t.subject(d.title), text: text.join("\n"), html };
}
