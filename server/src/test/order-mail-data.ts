/** One order's mail data, for the tests that render the mail templates directly. */
import type { OrderMailData } from "../modules/mail/templates.ts";

export const ORDER_MAIL_DATA: OrderMailData = {
  code: "PNR-ABCD1234",
  customerName: "Amira Ben Salah",
  customerEmail: "amira@example.com",
  customerWhatsapp: "+216 20 123 456",
  notes: "",
  currency: "USD",
  lines: [{ title: "PSN 10", variantName: null, qty: 1, unitPrice: 1000, lineTotal: 1000 }],
  subtotal: 1000,
  discount: 0,
  total: 1000,
  promoCode: null,
  paymentLink: null,
};
