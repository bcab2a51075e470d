/** The console's newsletter: how many subscribed, and the list as a CSV file (behind the admin guard in app.ts). */
import { Hono } from "hono";
import type { AdminEnv } from "../../http/session.ts";
import { csvLine } from "../../lib/csv.ts";
import type { NewsletterService } from "./newsletter.service.ts";

export function newsletterAdminRoutes(newsletter: NewsletterService): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  app.get("/api/admin/newsletter", async (c) => c.json({ count: await newsletter.count() }));
  app.get("/api/admin/newsletter.csv", async (c) => {
    const lines = [csvLine(["email", "locale", "subscribed_at"])];
    for (const s of await newsletter.all())
      lines.push(csvLine([s.email, s.locale, new Date(s.createdAt).toISOString()]));
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", 'attachment; filename="newsletter.csv"');
    return c.body(`${lines.join("\r\n")}\r\n`);
  });

  return app;
}
