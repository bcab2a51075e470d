/** The dev mailbox as the admin console reads it: what the store "sent" when no SMTP server is set. */
import type { DevMail, DevMailSummary } from "@store/shared/schemas/orders";
import type { DataLayer } from "../../db/data.ts";
import type { MailRepo } from "./mail.repo.ts";

export class MailboxService {
  constructor(
    private readonly data: DataLayer,
    private readonly repo: MailRepo,
  ) {}

  list(limit: number): Promise<DevMailSummary[]> {
    return this.data.read((tx) => this.repo.listDevMailbox(tx, limit));
  }

  get(id: number): Promise<DevMail | undefined> {
    return this.data.read((tx) => this.repo.getDevMail(tx, id));
  }
}
