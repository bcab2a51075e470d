/** Every newsletter query; each method takes the transaction it runs in. Exports: NewsletterRepo with
 * subscribe(email, locale, now) (false when already subscribed), count(), all() (for the admin's CSV export).
 * Addresses are stored lower-cased. */
import { asc, count } from "drizzle-orm";
import type { Tx } from "../../db/data.ts";
import type { NewsletterSubscriber } from "@store/shared/schemas/newsletter";

export class NewsletterRepo {
  async subscribe(tx: Tx, email: string, locale: string, now: number): Promise<boolean> {
    const { newsletterSubscribers } = tx.t;
    const rows = await tx.db
      .insert(newsletterSubscribers)
      .values({ email: email.trim().toLowerCase(), locale, createdAt: now })
      .onConflictDoNothing({ target: newsletterSubscribers.email })
      .returning({ email: newsletterSubscribers.email });
    return rows.length === 1;
  }

  async count(tx: Tx): Promise<number> {
    return (await tx.db.select({ n: count() }).from(tx.t.newsletterSubscribers))[0]?.n ?? 0;
  }

  async all(tx: Tx): Promise<NewsletterSubscriber[]> {
    const { newsletterSubscribers } = tx.t;
    return tx.db.select().from(newsletterSubscribers).orderBy(asc(newsletterSubscribers.createdAt));
  }
}
