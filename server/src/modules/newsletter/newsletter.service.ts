/** Newsletter rules (docs/decisions.md D13): one subscription per address; a repeat signup changes nothing and
 * gets the same answer as the first. The count and the export. */
import type { NewsletterSubscriber } from "@store/shared/schemas/newsletter";
import type { DataLayer } from "../../db/data.ts";
import type { NewsletterRepo } from "./newsletter.repo.ts";

export class NewsletterService {
  constructor(
    private readonly data: DataLayer,
    private readonly repo: NewsletterRepo,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Subscribes the address unless it is already subscribed; true when it was new. */
  subscribe(email: string, locale: string): Promise<boolean> {
    return this.data.transaction((tx) => this.repo.subscribe(tx, email, locale, this.clock()));
  }

  count(): Promise<number> {
    return this.data.read((tx) => this.repo.count(tx));
  }

  all(): Promise<NewsletterSubscriber[]> {
    return this.data.read((tx) => this.repo.all(tx));
  }
}
