/** The words of the shopper's mails, as Lingui message descriptors with ids of their own. The English text is the
 * `message` here; `pnpm --filter ./server i18n:extract` writes the ids to locales/{en,fr,ar}.po, where the French and
 * Arabic translations live (catalog.ts reads them). A `{name}` in a message is a value the template fills in. */
import type { MessageDescriptor } from "@lingui/core";
import type { PlatformFamily } from "@store/shared/platform-family";

export const MAIL_MESSAGES = {
  confirmationSubject: /*i18n*/ { id: "mail.confirmationSubject", message: "Order {code} confirmed" },
  receivedSubject: /*i18n*/ { id: "mail.receivedSubject", message: "Order {code} received: awaiting payment" },
  manualDelivery: /*i18n*/ {
    id: "mail.manualDelivery",
    message: "Sent by hand within {hours} hours of payment, by email.",
  },
  hello: /*i18n*/ { id: "mail.hello", message: "Hello,", comment: "A greeting without the shopper's name." },
  thanks: /*i18n*/ { id: "mail.thanks", message: "Thank you for your order {code}." },
  item: /*i18n*/ { id: "mail.item", message: "Item" },
  qty: /*i18n*/ { id: "mail.qty", message: "Qty" },
  price: /*i18n*/ { id: "mail.price", message: "Price" },
  subtotal: /*i18n*/ { id: "mail.subtotal", message: "Subtotal" },
  discount: /*i18n*/ { id: "mail.discount", message: "Promo code {code}" },
  total: /*i18n*/ { id: "mail.total", message: "Total" },
  payManual: /*i18n*/ {
    id: "mail.payManual",
    message: "We will contact you by email or WhatsApp to arrange the payment.",
  },
  payLink: /*i18n*/ { id: "mail.payLink", message: "Complete your payment here:" },
  codesByEmail: /*i18n*/ {
    id: "mail.codesByEmail",
    message: "Your codes will arrive by email once the payment is received.",
  },
  orderPage: /*i18n*/ { id: "mail.orderPage", message: "Your private order page:" },
  paidSubject: /*i18n*/ { id: "mail.paidSubject", message: "Payment received for order {code}" },
  paid: /*i18n*/ {
    id: "mail.paid",
    message: "We have received the payment for your order {code}. Your codes will arrive by email shortly.",
  },
  awaitingStock: /*i18n*/ {
    id: "mail.awaitingStock",
    message:
      "We have received the payment for your order {code}. Some codes are being restocked: they will reach you by email as soon as they arrive.",
  },
  deliverySubject: /*i18n*/ { id: "mail.deliverySubject", message: "Your codes for order {code}" },
  delivered: /*i18n*/ { id: "mail.delivered", message: "Your order {code} is paid. Here are your codes." },
  replacementSubject: /*i18n*/ { id: "mail.replacementSubject", message: "A replacement code for order {code}" },
  replacement: /*i18n*/ {
    id: "mail.replacement",
    message: "Here is a replacement code for your order {code}. The code it replaces no longer works.",
  },
  yourCodes: /*i18n*/ { id: "mail.yourCodes", message: "Your codes" },
  howToRedeem: /*i18n*/ { id: "mail.howToRedeem", message: "How to redeem" },
  keepPrivate: /*i18n*/ {
    id: "mail.keepPrivate",
    message: "Keep your codes private: anyone who has a code can use it.",
  },
  signature: /*i18n*/ { id: "mail.signature", message: "Thank you for shopping with us." },
  // Find my order: the shopper asked for the order's link again.
  orderLinkSubject: /*i18n*/ { id: "mail.orderLink.subject", message: "Your order {code}" },
  orderLinkAsked: /*i18n*/ {
    id: "mail.orderLink.asked",
    message: "You asked for the link to your order {code}. Your private order page is here:",
  },
  orderLinkNotYou: /*i18n*/ {
    id: "mail.orderLink.notYou",
    message:
      "If you did not ask for it, you can ignore this email: the link is sent only to the address given with the order.",
  },
} as const satisfies Record<string, MessageDescriptor>;

/** Short activation hints per platform family (docs/decisions.md D10); the private order page gives the same advice,
 * in the client's catalogs, for the same families (shared/src/platform-family.ts). */
export const HINT_MESSAGES = {
  playstation: /*i18n*/ {
    id: "mail.hint.playstation",
    message: "PlayStation: PlayStation Store > ⋯ (menu) > Redeem code, or store.playstation.com/redeem.",
  },
  xbox: /*i18n*/ { id: "mail.hint.xbox", message: "Xbox: Microsoft Store > Redeem a code, or redeem.microsoft.com." },
  nintendo: /*i18n*/ {
    id: "mail.hint.nintendo",
    message: "Nintendo Switch: Nintendo eShop > Redeem Code, or accounts.nintendo.com/redeem.",
  },
  steam: /*i18n*/ {
    id: "mail.hint.steam",
    message: "Steam: Games > Activate a Product on Steam (or store.steampowered.com/account/redeemwalletcode).",
  },
  mobile: /*i18n*/ {
    id: "mail.hint.mobile",
    message: "Mobile: App Store > your account > Redeem Gift Card or Code; Google Play > Menu > Redeem code.",
  },
  pc: /*i18n*/ {
    id: "mail.hint.pc",
    message: "PC: redeem the code in the publisher's launcher or on its website, signed in to your account.",
  },
  other: /*i18n*/ {
    id: "mail.hint.other",
    message: "Redeem the code on the service's website or app, signed in to your account.",
  },
} as const satisfies Record<PlatformFamily, MessageDescriptor>;

/** Every message the mails say, for the catalog's checks. */
export const ALL_MAIL_MESSAGES: readonly MailMessage[] = [
  ...Object.values(MAIL_MESSAGES),
  ...Object.values(HINT_MESSAGES),
];

export interface MailMessage {
  readonly id: string;
  readonly message: string;
  readonly comment?: string;
}
