/** POST /api/stock-requests {productId, variantId?, email, locale?} -> 201 {ok: true} ("Email me when it is back",
 * rate limited per address); GET /api/availability/{productId} -> {left} ("Only N left"); and the unsubscribe link
 * of the back-in-stock email: GET shows a page with one button (mail scanners that open links change nothing), POST
 * removes the address's requests. */
import { Hono, type Context } from "hono";
import { escapeHtml } from "@store/shared/html";
import type { Locale } from "@store/shared/schemas/checkout";
import { readBodyText, readRawJson } from "../../http/validate.ts";
import type { RateLimiter } from "../../http/rate-limit.ts";
import type { StockRequestsService } from "./stock-requests.service.ts";

const PAGE_TEXTS: Record<Locale, { title: string; ask: string; button: string; done: string; invalid: string }> = {
  en: {
    title: "Back-in-stock emails",
    ask: "Stop all back-in-stock emails to {email}?",
    button: "Stop these emails",
    done: "Done: {email} will get no more back-in-stock emails.",
    invalid: "This link is not valid.",
  },
  fr: {
    title: "Alertes de retour en stock",
    ask: "Ne plus envoyer d'alertes de retour en stock à {email} ?",
    button: "Arrêter ces e-mails",
    done: "C'est fait : {email} ne recevra plus d'alertes de retour en stock.",
    invalid: "Ce lien n'est pas valide.",
  },
  ar: {
    title: "رسائل توفر المنتجات",
    ask: "إيقاف جميع رسائل توفر المنتجات إلى {email}؟",
    button: "إيقاف هذه الرسائل",
    done: "تم: لن تصل بعد الآن رسائل توفر المنتجات إلى {email}.",
    invalid: "هذا الرابط غير صالح.",
  },
};

function pageLocale(lang: string | undefined): Locale {
  return lang === "fr" || lang === "ar" ? lang : "en";
}

function htmlPage(c: Context, locale: Locale, status: 200 | 400, body: string) {
  const dir = locale === "ar" ? "rtl" : "ltr";
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
  return c.html(
    `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeHtml(PAGE_TEXTS[locale].title)}</title></head><body><main>` +
      `<h1>${escapeHtml(PAGE_TEXTS[locale].title)}</h1>${body}</main></body></html>`,
    status,
  );
}

export function stockRequestsRoutes(service: StockRequestsService, limiter: RateLimiter): Hono {
  const app = new Hono();

  app.post("/api/stock-requests", limiter.middleware(), async (c) => {
    await service.request(await readRawJson(c));
    return c.json({ ok: true as const }, 201);
  });

  app.get("/api/availability/:productId", async (c) => {
    const answer = await service.availability(c.req.param("productId"));
    // A few seconds are fine: the checkout checks the stock again.
    c.header("Cache-Control", "private, max-age=10");
    return c.json(answer);
  });

  app.get("/api/stock-requests/unsubscribe", (c) => {
    const locale = pageLocale(c.req.query("lang"));
    const email = c.req.query("email") ?? "";
    const sig = c.req.query("sig") ?? "";
    const t = PAGE_TEXTS[locale];
    if (!service.isSigned(email, sig)) return htmlPage(c, locale, 400, `<p>${escapeHtml(t.invalid)}</p>`);
    const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
    return htmlPage(
      c,
      locale,
      200,
      `<form method="post"><p>${escapeHtml(t.ask.replace("{email}", email))}</p>` +
        `${hidden("email", email)}${hidden("sig", sig)}${hidden("lang", locale)}` +
        `<button type="submit">${escapeHtml(t.button)}</button></form>`,
    );
  });

  app.post("/api/stock-requests/unsubscribe", async (c) => {
    // The page's form posts URL-encoded fields; any other body is read as none (and refused below as unsigned).
    const urlEncoded = (c.req.header("content-type") ?? "").startsWith("application/x-www-form-urlencoded");
    const form = new URLSearchParams(urlEncoded ? await readBodyText(c) : "");
    const text = (key: string) => form.get(key) ?? "";
    const locale = pageLocale(text("lang"));
    const email = text("email");
    const t = PAGE_TEXTS[locale];
    if (!service.isSigned(email, text("sig"))) return htmlPage(c, locale, 400, `<p>${escapeHtml(t.invalid)}</p>`);
    await service.unsubscribe(email, text("sig"));
    return htmlPage(c, locale, 200, `<p role="status">${escapeHtml(t.done.replace("{email}", email))}</p>`);
  });

  return app;
}
