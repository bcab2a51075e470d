/** Every newsletter query. Exports: NewsletterRepo with subscribe(email, locale) (false when already
 * subscribed), count(), all() (for the admin's CSV export). Addresses are stored lower-cased. */
import { asc, count } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { newsletterSubscribers } from "../../db/schema/index.ts";
import type { NewsletterSubscriber } from "@store/shared/schemas/newsletter";

export class NewsletterRepo {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  subscribe(email: string, locale: string): boolean {
    const res = this.db
      .insert(newsletterSubscribers)
      .values({ email: email.trim().toLowerCase(), locale, createdAt: this.clock() })
      .onConflictDoNothing({ target: newsletterSubscribers.email })
      .run();
    return res.changes === 1;
  }

  count(): number {
    return this.db.select({ n: count() }).from(newsletterSubscribers).get()?.n ?? 0;
  }

  all(): NewsletterSubscriber[] {
    return this.db.select().from(newsletterSubscribers).orderBy(asc(newsletterSubscribers.createdAt)).all();
  }
}
