/** POST /api/newsletter (docs/decisions.md D13) and the admin's view of the subscribers. */
import { z } from "./zod.ts";
import { emailSchema, localeSchema } from "./checkout.ts";

export const newsletterRequestSchema = z.object({
  email: emailSchema,
  locale: localeSchema.optional().default("en"),
});
export type NewsletterRequest = z.input<typeof newsletterRequestSchema>;

export const newsletterResponseSchema = z.object({ ok: z.literal(true) });

/** GET /api/admin/newsletter: how many addresses are subscribed. */
export const newsletterCountSchema = z.object({ count: z.number().int() });

export const newsletterSubscriberSchema = z.object({
  email: z.string(),
  locale: z.string(),
  createdAt: z.number().int(),
});
export type NewsletterSubscriber = z.infer<typeof newsletterSubscriberSchema>;
