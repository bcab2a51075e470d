/** Email texts in the shopper's language (en, fr, ar; Arabic HTML is right-to-left). Operator mail is English. */
import { formatMoney, type Currency } from "@store/shared/currency";
import type { Locale } from "@store/shared/schemas/checkout";
import { platformFamily, type PlatformFamily } from "@store/shared/platform-family";
import { escapeHtml } from "@store/shared/html";

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

interface Texts {
  confirmationSubject: (code: string) => string;
  receivedSubject: (code: string) => string;
  manualDelivery: (hours: number) => string;
  /** A greeting without the shopper's name: see orderConfirmationMail. */
  hello: string;
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
  awaitingStock: (code: string) => string;
  deliverySubject: (code: string) => string;
  delivered: (code: string) => string;
  replacementSubject: (code: string) => string;
  replacement: (code: string) => string;
  yourCodes: string;
  howToRedeem: string;
  keepPrivate: string;
  signature: string;
}

const TEXTS: Record<Locale, Texts> = {
  en: {
    confirmationSubject: (code) => `Order ${code} confirmed`,
    receivedSubject: (code) => `Order ${code} received: awaiting payment`,
    manualDelivery: (hours) => `Sent by hand within ${hours} hours of payment, by email.`,
    hello: "Hello,",
    thanks: (code) => `Thank you for your order ${code}.`,
    item: "Item",
    qty: "Qty",
    price: "Price",
    subtotal: "Subtotal",
    discount: (code) => `Promo code ${code}`,
    total: "Total",
    payManual: "We will contact you by email or WhatsApp to arrange the payment.",
    payLink: "Complete your payment here:",
    codesByEmail: "Your codes will arrive by email once the payment is received.",
    orderPage: "Your private order page:",
    paidSubject: (code) => `Payment received for order ${code}`,
    paid: (code) => `We have received the payment for your order ${code}. Your codes will arrive by email shortly.`,
    awaitingStock: (code) =>
      `We have received the payment for your order ${code}. Some codes are being restocked: they will reach you by email as soon as they arrive.`,
    deliverySubject: (code) => `Your codes for order ${code}`,
    delivered: (code) => `Your order ${code} is paid. Here are your codes.`,
    replacementSubject: (code) => `A replacement code for order ${code}`,
    replacement: (code) => `Here is a replacement code for your order ${code}. The code it replaces no longer works.`,
    yourCodes: "Your codes",
    howToRedeem: "How to redeem",
    keepPrivate: "Keep your codes private: anyone who has a code can use it.",
    signature: "Thank you for shopping with us.",
  },
  fr: {
    confirmationSubject: (code) => `Commande ${code} confirmée`,
    receivedSubject: (code) => `Commande ${code} reçue : paiement en attente`,
    manualDelivery: (hours) => `Envoyé à la main dans les ${hours} heures suivant le paiement, par e-mail.`,
    hello: "Bonjour,",
    thanks: (code) => `Merci pour votre commande ${code}.`,
    item: "Article",
    qty: "Qté",
    price: "Prix",
    subtotal: "Sous-total",
    discount: (code) => `Code promo ${code}`,
    total: "Total",
    payManual: "Nous vous contacterons par e-mail ou WhatsApp pour organiser le paiement.",
    payLink: "Finalisez votre paiement ici :",
    codesByEmail: "Vos codes arriveront par e-mail dès réception du paiement.",
    orderPage: "Votre page de commande privée :",
    paidSubject: (code) => `Paiement reçu pour la commande ${code}`,
    paid: (code) =>
      `Nous avons bien reçu le paiement de votre commande ${code}. Vos codes arriveront bientôt par e-mail.`,
    awaitingStock: (code) =>
      `Nous avons bien reçu le paiement de votre commande ${code}. Certains codes sont en cours de réapprovisionnement : ils vous parviendront par e-mail dès leur arrivée.`,
    deliverySubject: (code) => `Vos codes pour la commande ${code}`,
    delivered: (code) => `Votre commande ${code} est payée. Voici vos codes.`,
    replacementSubject: (code) => `Un code de remplacement pour la commande ${code}`,
    replacement: (code) =>
      `Voici un code de remplacement pour votre commande ${code}. Le code qu'il remplace ne fonctionne plus.`,
    yourCodes: "Vos codes",
    howToRedeem: "Comment les utiliser",
    keepPrivate: "Gardez vos codes pour vous : toute personne qui possède un code peut l'utiliser.",
    signature: "Merci pour votre achat.",
  },
  ar: {
    confirmationSubject: (code) => `تم تأكيد الطلب ${code}`,
    receivedSubject: (code) => `تم استلام الطلب ${code}: في انتظار الدفع`,
    manualDelivery: (hours) => `يُرسل يدويًا خلال ${hours} ساعة من الدفع، عبر البريد الإلكتروني.`,
    hello: "مرحبًا،",
    thanks: (code) => `شكرًا لك على طلبك ${code}.`,
    item: "المنتج",
    qty: "الكمية",
    price: "السعر",
    subtotal: "المجموع الفرعي",
    discount: (code) => `رمز الخصم ${code}`,
    total: "المجموع",
    payManual: "سنتواصل معك عبر البريد الإلكتروني أو واتساب لترتيب الدفع.",
    payLink: "أكمل الدفع من هنا:",
    codesByEmail: "ستصلك الرموز عبر البريد الإلكتروني بمجرد استلام الدفع.",
    orderPage: "صفحة طلبك الخاصة:",
    paidSubject: (code) => `تم استلام الدفع للطلب ${code}`,
    paid: (code) => `لقد استلمنا الدفع لطلبك ${code}. ستصلك الرموز عبر البريد الإلكتروني قريبًا.`,
    awaitingStock: (code) =>
      `لقد استلمنا الدفع لطلبك ${code}. يجري تجديد مخزون بعض الرموز، وستصلك عبر البريد الإلكتروني فور توفرها.`,
    deliverySubject: (code) => `رموزك للطلب ${code}`,
    delivered: (code) => `تم دفع طلبك ${code}. إليك رموزك.`,
    replacementSubject: (code) => `رمز بديل للطلب ${code}`,
    replacement: (code) => `إليك رمزًا بديلًا لطلبك ${code}. الرمز الذي يحل محله لم يعد يعمل.`,
    yourCodes: "رموزك",
    howToRedeem: "طريقة الاستخدام",
    keepPrivate: "احتفظ برموزك لنفسك: يمكن لأي شخص يملك الرمز استخدامه.",
    signature: "شكرًا لتسوقك معنا.",
  },
};

export function localeOf(locale: string): Locale {
  return locale === "fr" || locale === "ar" ? locale : "en";
}

function lineTitle(l: { title: string; variantName: string | null }): string {
  return l.variantName ? `${l.title} (${l.variantName})` : l.title;
}

export function page(locale: Locale, body: string): string {
  const dir = locale === "ar" ? "rtl" : "ltr";
  return `<!doctype html><html lang="${locale}" dir="${dir}"><body dir="${dir}" style="font-family:Arial,Helvetica,sans-serif;color:#111">${body}</body></html>`;
}

/** No shopper mail names the shopper. The store never proves that an address is the shopper's: the name comes
 * from whoever typed the order, and `https://<host>/refund Smith` would greet a stranger with a link. So every mail
 * to a shopper greets without a name; only the operator's copy shows it. */
export function orderConfirmationMail(localeInput: string, d: OrderMailData): MailContent {
  const locale = localeOf(localeInput);
  const t = TEXTS[locale];
  const money = (v: number): string => formatMoney(v, d.currency, locale);
  const payment = d.paymentLink ? `${t.payLink} ${d.paymentLink}` : t.payManual;

  const textLines = [
    t.hello,
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
    ...(d.manualDeliveryHours ? [t.manualDelivery(d.manualDeliveryHours)] : []),
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
      `<p>${escapeHtml(t.hello)}</p>`,
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
      d.manualDeliveryHours ? `<p>${escapeHtml(t.manualDelivery(d.manualDeliveryHours))}</p>` : "",
      d.orderUrl ? `<p>${t.orderPage} <a href="${escapeHtml(d.orderUrl)}">${escapeHtml(d.orderUrl)}</a></p>` : "",
      `<p>${t.signature}</p>`,
    ].join(""),
  );
  // Placed orders await their payment: the subject says so rather than "confirmed".
  const subject = d.paid ? t.confirmationSubject(d.code) : t.receivedSubject(d.code);
  return { subject, text: textLines.join("\n"), html };
}

/** Payment received; `awaitingStock` when some codes are still to come (the delivery email follows). */
export function paymentReceivedMail(
  localeInput: string,
  d: Pick<OrderMailData, "code"> & { awaitingStock?: boolean },
): MailContent {
  const locale = localeOf(localeInput);
  const t = TEXTS[locale];
  const said = d.awaitingStock ? t.awaitingStock(d.code) : t.paid(d.code);
  const text = [t.hello, "", said, "", t.signature].join("\n");
  const html = page(locale, `<p>${escapeHtml(t.hello)}</p><p>${escapeHtml(said)}</p><p>${t.signature}</p>`);
  return { subject: t.paidSubject(d.code), text, html };
}

/** Short activation hints per platform family and language (docs/decisions.md D10); the private order page gives the
 * same advice, in its own catalogs, for the same families (shared/src/platform-family.ts). */
const HINTS: Record<Locale, Record<PlatformFamily, string>> = {
  en: {
    playstation: "PlayStation: PlayStation Store > ⋯ (menu) > Redeem code, or store.playstation.com/redeem.",
    xbox: "Xbox: Microsoft Store > Redeem a code, or redeem.microsoft.com.",
    nintendo: "Nintendo Switch: Nintendo eShop > Redeem Code, or accounts.nintendo.com/redeem.",
    steam: "Steam: Games > Activate a Product on Steam (or store.steampowered.com/account/redeemwalletcode).",
    mobile: "Mobile: App Store > your account > Redeem Gift Card or Code; Google Play > Menu > Redeem code.",
    pc: "PC: redeem the code in the publisher's launcher or on its website, signed in to your account.",
    other: "Redeem the code on the service's website or app, signed in to your account.",
  },
  fr: {
    playstation: "PlayStation : PlayStation Store > ⋯ (menu) > Utiliser un code, ou store.playstation.com/redeem.",
    xbox: "Xbox : Microsoft Store > Utiliser un code, ou redeem.microsoft.com.",
    nintendo: "Nintendo Switch : Nintendo eShop > Utiliser un code, ou accounts.nintendo.com/redeem.",
    steam: "Steam : Jeux > Activer un produit sur Steam (ou store.steampowered.com/account/redeemwalletcode).",
    mobile:
      "Mobile : App Store > votre compte > Utiliser une carte cadeau ou un code ; Google Play > Menu > Utiliser un code.",
    pc: "PC : utilisez le code dans le lanceur ou sur le site de l'éditeur, connecté à votre compte.",
    other: "Utilisez le code sur le site ou l'application du service, connecté à votre compte.",
  },
  ar: {
    playstation: "بلايستيشن: متجر PlayStation > القائمة (⋯) > استرداد الرمز، أو store.playstation.com/redeem.",
    xbox: "إكس بوكس: متجر Microsoft > استرداد رمز، أو redeem.microsoft.com.",
    nintendo: "نينتندو سويتش: Nintendo eShop > استرداد الرمز، أو accounts.nintendo.com/redeem.",
    steam: "ستيم: الألعاب > تفعيل منتج على Steam (أو store.steampowered.com/account/redeemwalletcode).",
    mobile: "الجوال: App Store > حسابك > استرداد بطاقة هدايا أو رمز؛ Google Play > القائمة > استرداد رمز.",
    pc: "الحاسوب: استخدم الرمز في مشغّل الناشر أو على موقعه بعد تسجيل الدخول إلى حسابك.",
    other: "استخدم الرمز على موقع الخدمة أو تطبيقها بعد تسجيل الدخول إلى حسابك.",
  },
};

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
  const t = TEXTS[locale];
  const intro = d.replacement ? t.replacement(d.code) : t.delivered(d.code);
  const hints = [...new Set(d.items.map((i) => platformFamily(i.platform, i.title)))].map((p) => HINTS[locale][p]);
  const text = [
    t.hello,
    "",
    intro,
    "",
    `${t.yourCodes}:`,
    ...d.items.flatMap((i) => [`- ${lineTitle(i)}`, ...i.codes.map((c) => `    ${c}`)]),
    "",
    `${t.howToRedeem}:`,
    ...hints.map((h) => `- ${h}`),
    "",
    t.keepPrivate,
    ...(d.orderUrl ? ["", `${t.orderPage} ${d.orderUrl}`] : []),
    "",
    t.signature,
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
      `<p>${escapeHtml(t.hello)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<h2 style="font-size:1.1em">${escapeHtml(t.yourCodes)}</h2><ul>${items}</ul>`,
      `<h2 style="font-size:1.1em">${escapeHtml(t.howToRedeem)}</h2><ul>${hints.map((h) => `<li>${escapeHtml(h)}</li>`).join("")}</ul>`,
      `<p>${escapeHtml(t.keepPrivate)}</p>`,
      d.orderUrl ? `<p>${t.orderPage} <a href="${escapeHtml(d.orderUrl)}">${escapeHtml(d.orderUrl)}</a></p>` : "",
      `<p>${t.signature}</p>`,
    ].join(""),
  );
  return { subject: d.replacement ? t.replacementSubject(d.code) : t.deliverySubject(d.code), text, html };
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

/** Find my order's texts (the shopper asked for the order's link again), apart from TEXTS. */
const ORDER_LINK_TEXTS: Record<
  Locale,
  { subject: (code: string) => string; asked: (code: string) => string; notYou: string }
> = {
  en: {
    subject: (code) => `Your order ${code}`,
    asked: (code) => `You asked for the link to your order ${code}. Your private order page is here:`,
    notYou:
      "If you did not ask for it, you can ignore this email: the link is sent only to the address given with the order.",
  },
  fr: {
    subject: (code) => `Votre commande ${code}`,
    asked: (code) => `Vous avez demandé le lien de votre commande ${code}. Votre page de commande privée est ici :`,
    notYou:
      "Si vous ne l'avez pas demandé, ignorez cet e-mail : le lien n'est envoyé qu'à l'adresse donnée avec la commande.",
  },
  ar: {
    subject: (code) => `طلبك ${code}`,
    asked: (code) => `لقد طلبت رابط طلبك ${code}. صفحة طلبك الخاصة هنا:`,
    notYou: "إذا لم تطلبه، يمكنك تجاهل هذه الرسالة: لا يُرسل الرابط إلا إلى العنوان المُعطى مع الطلب.",
  },
};

/** Find my order: the private order page's link again, to the order's own address, in the order's language. */
export function orderLinkMail(localeInput: string, d: Pick<OrderMailData, "code"> & { orderUrl: string }): MailContent {
  const locale = localeOf(localeInput);
  const t = TEXTS[locale];
  const own = ORDER_LINK_TEXTS[locale];
  const text = [t.hello, "", own.asked(d.code), d.orderUrl, "", own.notYou, "", t.signature].join("\n");
  const html = page(
    locale,
    [
      `<p>${escapeHtml(t.hello)}</p>`,
      `<p>${escapeHtml(own.asked(d.code))} <a href="${escapeHtml(d.orderUrl)}">${escapeHtml(d.orderUrl)}</a></p>`,
      `<p>${escapeHtml(own.notYou)}</p>`,
      `<p>${escapeHtml(t.signature)}</p>`,
    ].join(""),
  );
  return { subject: own.subject(d.code), text, html };
}
