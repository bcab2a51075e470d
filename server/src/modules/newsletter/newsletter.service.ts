/** Newsletter rules (D13): one subscription per address (409 for a second), the count and the export. */
import { NEWSLETTER_ALREADY_SUBSCRIBED, type NewsletterSubscriber } from "@store/shared/schemas/newsletter";
import type { DataLayer } from "../../db/data.ts";
import { ConflictError } from "../../http/errors.ts";
import type { NewsletterRepo } from "./newsletter.repo.ts";

export class NewsletterService {
  constructor(
    private readonly data: DataLayer,
    private readonly repo: NewsletterRepo,
    private readonly clock: () => number = Date.now,
  ) {}

  async subscribe(email: string, locale: string): Promise<void> {
    const added = await this.data.transaction((tx) => this.repo.subscribe(tx, email, locale, this.clock()));
    if (!added) throw new ConflictError(NEWSLETTER_ALREADY_SUBSCRIBED);
  }

  count(): Promise<number> {
    return this.data.read((tx) => this.repo.count(tx));
  }

  all(): Promise<NewsletterSubscriber[]> {
    return this.data.read((tx) => this.repo.all(tx));
  }
}
