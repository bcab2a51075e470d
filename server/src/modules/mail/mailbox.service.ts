/** The dev mailbox as the admin console reads it: what the store "sent" when no SMTP server is set. */
import type { DevMail, DevMailSummary } from "@store/shared/schemas/orders";
import type { DataLayer } from "../../db/data.ts";
import type { Sealer } from "../../lib/sealer.ts";
import type { MailRepo } from "./mail.repo.ts";
import { openDevBody } from "./mail.transport.ts";

export class MailboxService {
  constructor(
    private readonly data: DataLayer,
    private readonly repo: MailRepo,
    private readonly sealer: Sealer,
  ) {}

  list(limit: number): Promise<DevMailSummary[]> {
    return this.data.read((tx) => this.repo.listDevMailbox(tx, limit));
  }

  /** One message, its bodies opened. */
  async get(id: number): Promise<DevMail | undefined> {
    const mail = await this.data.read((tx) => this.repo.getDevMail(tx, id));
    return mail && { ...mail, text: openDevBody(this.sealer, mail.text), html: openDevBody(this.sealer, mail.html) };
  }
}
