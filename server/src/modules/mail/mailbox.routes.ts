/** The console's dev mailbox: the mails the store wrote without an SMTP server (behind the admin guard in app.ts). */
import { Hono } from "hono";
import { z } from "zod";
import { NotFoundError } from "../../http/errors.ts";
import type { AdminEnv } from "../../http/session.ts";
import { wholeNumberQuery } from "../../http/validate.ts";
import type { MailboxService } from "./mailbox.service.ts";

const readLimitQuery = wholeNumberQuery("limit", 4);

const mailIdParam = z
  .string()
  .regex(/^\d{1,12}$/, "Mail not found")
  .transform(Number);

export function mailboxRoutes(mailbox: MailboxService): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  app.get("/api/admin/mailbox", async (c) => {
    return c.json(await mailbox.list(readLimitQuery(c) ?? 50));
  });
  app.get("/api/admin/mailbox/:id", async (c) => {
    const parsed = mailIdParam.safeParse(c.req.param("id"));
    const mail = parsed.success ? await mailbox.get(parsed.data) : undefined;
    if (!mail) throw new NotFoundError("Mail not found");
    return c.json(mail);
  });

  return app;
}
