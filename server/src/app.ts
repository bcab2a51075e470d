/** Composition root: builds the Hono app and mounts each module explicitly. */
import path from "node:path";
import { Hono } from "hono";
import { compress } from "hono/compress";
import type { Config } from "./config.ts";
import type { DataLayer } from "./db/data.ts";
import { AppError, BODY_TOO_LARGE, NotFoundError, errorResponse } from "./http/errors.ts";
import { bodyLimitFor, limitBody, type RouteBodyLimit } from "./http/body-limit.ts";
import { mountStatic } from "./http/static.ts";
import { refuseNulInAddress } from "./http/validate.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { CatalogRepo } from "./modules/catalog/catalog.repo.ts";
import { CatalogVersions } from "./modules/catalog/catalog-versions.repo.ts";
import { CatalogService } from "./modules/catalog/catalog.service.ts";
import { catalogRoutes } from "./modules/catalog/catalog.routes.ts";
import { SettingsRepo } from "./modules/settings/settings.repo.ts";
import { readStorefrontMessages, SeoService } from "./modules/seo/seo.service.ts";
import { prefsFromCookies } from "@store/shared/page-prefs";
import { seoRoutes } from "./modules/seo/seo.routes.ts";
import { RateLimiter } from "./http/rate-limit.ts";
import { RateLimitsRepo } from "./modules/rate-limits/rate-limits.repo.ts";
import { RateLimitsService } from "./modules/rate-limits/rate-limits.service.ts";
import { IdempotencyRepo } from "./modules/idempotency/idempotency.repo.ts";
import { IdempotencyService } from "./modules/idempotency/idempotency.service.ts";
import { PromosRepo } from "./modules/promos/promos.repo.ts";
import { PromosService } from "./modules/promos/promos.service.ts";
import { promosRoutes } from "./modules/promos/promos.routes.ts";
import { MailRepo } from "./modules/mail/mail.repo.ts";
import { createTransport } from "./modules/mail/mail.transport.ts";
import { MailWorker } from "./modules/mail/mail.worker.ts";
import { MailboxService } from "./modules/mail/mailbox.service.ts";
import { OrdersRepo } from "./modules/orders/orders.repo.ts";
import { OrdersService } from "./modules/orders/orders.service.ts";
import { OrdersExport, ordersExportRoutes } from "./modules/orders/orders-export.ts";
import { OrderMails } from "./modules/orders/order-mails.ts";
import { CodesRepo } from "./modules/codes/codes.repo.ts";
import { CodesService } from "./modules/codes/codes.service.ts";
import { codesRoutes } from "./modules/codes/codes.routes.ts";
import { StockKeeper } from "./modules/codes/stock.ts";
import { CodeIntake } from "./modules/codes/code-intake.ts";
import { Sealer } from "./lib/sealer.ts";
import { findOrderRoute, ordersRoutes } from "./modules/orders/orders.routes.ts";
import { OrderRecovery, withOrderLinkMail } from "./modules/orders/order-recovery.ts";
import { CheckoutRepo } from "./modules/checkout/checkout.repo.ts";
import { CheckoutService } from "./modules/checkout/checkout.service.ts";
import { checkoutRoutes } from "./modules/checkout/checkout.routes.ts";
import { PaymentsRepo } from "./modules/payments/payments.repo.ts";
import { PaymentsService } from "./modules/payments/payments.service.ts";
import { UnmatchedActions } from "./modules/payments/unmatched-actions.ts";
import { AlertsRepo } from "./modules/operator-alerts/alerts.repo.ts";
import { alertsRoutes } from "./modules/operator-alerts/alerts.routes.ts";
import { OperatorAlerts } from "./modules/operator-alerts/alerts.service.ts";
import { TelegramSender } from "./modules/operator-alerts/telegram.ts";
import { paymentsRoutes } from "./modules/payments/payments.routes.ts";
import { paymentsAdminRoutes } from "./modules/payments/payments.admin.routes.ts";
import { NewsletterRepo } from "./modules/newsletter/newsletter.repo.ts";
import { NewsletterService } from "./modules/newsletter/newsletter.service.ts";
import { newsletterRoutes } from "./modules/newsletter/newsletter.routes.ts";
import { installAdminGuard } from "./http/session.ts";
import { AdminAuthRepo } from "./modules/admin-auth/admin-auth.repo.ts";
import { AdminAuthService } from "./modules/admin-auth/admin-auth.service.ts";
import { adminAuthRoutes } from "./modules/admin-auth/admin-auth.routes.ts";
import { adminIdempotency } from "./modules/idempotency/admin-idempotency.ts";
import { ordersAdminRoutes } from "./modules/orders/orders.admin.routes.ts";
import { promosAdminRoutes } from "./modules/promos/promos.admin.routes.ts";
import { newsletterAdminRoutes } from "./modules/newsletter/newsletter.admin.routes.ts";
import { mailboxRoutes } from "./modules/mail/mailbox.routes.ts";
import { prepareImages, TOO_LARGE, UploadsService } from "./modules/uploads/uploads.service.ts";
import { UploadsRepo } from "./modules/uploads/uploads.repo.ts";
import { uploadsRoutes } from "./modules/uploads/uploads.routes.ts";
import { CatalogAdminRepo } from "./modules/catalog/catalog.admin.repo.ts";
import { CatalogAdminService } from "./modules/catalog/catalog.admin.service.ts";
import { catalogAdminRoutes } from "./modules/catalog/catalog.admin.routes.ts";
import { BannersRepo } from "./modules/banners/banners.repo.ts";
import { BannersService } from "./modules/banners/banners.service.ts";
import { bannersRoutes } from "./modules/banners/banners.routes.ts";
import { SettingsService } from "./modules/settings/settings.service.ts";
import { StockRequestsRepo } from "./modules/stock-requests/stock-requests.repo.ts";
import { StockRequestsService } from "./modules/stock-requests/stock-requests.service.ts";
import { stockRequestsRoutes } from "./modules/stock-requests/stock-requests.routes.ts";
import { settingsRoutes } from "./modules/settings/settings.routes.ts";
import { BlockListRepo } from "./modules/block-list/block-list.repo.ts";
import { BlockListService } from "./modules/block-list/block-list.service.ts";
import { blockListRoutes } from "./modules/block-list/block-list.routes.ts";

const KB = 1024;
const MB = 1024 * KB;
/** What a JSON body of any other /api route may weigh (login, promo validation, newsletter, settings...):
 * their largest valid bodies are well under 4 KB, and a larger limit would only let a hostile body cost more. */
export const DEFAULT_BODY_LIMIT = 16 * KB;
/** The routes that need more, each only what its largest valid body needs. A route that takes more (an import)
 * adds its line here. */
const BODY_LIMITS: readonly RouteBodyLimit[] = [
  // 50 lines of two 100-character ids, 1,000 characters of notes (up to 6 bytes each as JSON escapes).
  { path: "/api/checkout", maxSize: 32 * KB },
  // An image (at most 5 MB, so about 7 MB as base64): in a multipart form, or as a data URL inside a product or
  // banner (behind the admin session, which the guard checks before anything reads the body).
  { path: "/api/upload-image", maxSize: 8 * MB },
  { path: "/api/admin/products/*", maxSize: 9 * MB },
  { path: "/api/admin/banners/*", maxSize: 9 * MB },
];

interface Limiters {
  orderLookup: RateLimiter;
  promo: RateLimiter;
  newsletter: RateLimiter;
  stockRequests: RateLimiter;
  checkoutPerAddress: RateLimiter;
  checkoutPerEmail: RateLimiter;
  checkoutConfirmationsPerDay: RateLimiter;
  findOrderPerAddress: RateLimiter;
  findOrderPerOrder: RateLimiter;
  findOrderPerRecipient: RateLimiter;
  konnectNotifications: RateLimiter;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Each public route has its own budget (docs/decisions.md D28): guessing promo codes does not use up order lookups, and
 * the checkout counts per address (generous: a household or an office shares one) and per recipient (tight: every order
 * mails its confirmation there). Counted in the database, so every instance counts the same requests. */
function buildLimiters(store: RateLimitsService, config: Config): Limiters {
  const limiter = (name: string, limit: number, windowMs: number) =>
    new RateLimiter(store, { name, limit, windowMs, trustProxy: config.trustProxy });
  return {
    orderLookup: limiter("orders", 30, MINUTE),
    // Promo validation and promo codes sent with a checkout: one budget of guesses.
    promo: limiter("promo", 30, 10 * MINUTE),
    newsletter: limiter("newsletter", 10, 10 * MINUTE),
    stockRequests: limiter("stock-requests", 20, 10 * MINUTE),
    checkoutPerAddress: limiter("checkout-address", config.checkoutLimitPerAddress, 10 * MINUTE),
    checkoutPerEmail: limiter("checkout-email", config.checkoutLimitPerEmail, 60 * MINUTE),
    // Counted only when a confirmation is written (the order's own savepoint), so refused orders use none of it.
    checkoutConfirmationsPerDay: limiter("checkout-email-day", config.checkoutConfirmationsPerEmailPerDay, 24 * HOUR),
    // Find my order mails an order's link: a few asks per address, and a few mails per order and per inbox.
    findOrderPerAddress: limiter("find-order-address", config.findOrderLimitPerAddress, HOUR),
    findOrderPerOrder: limiter("find-order-order", 3, HOUR),
    findOrderPerRecipient: limiter("find-order-email", 3, HOUR),
    // Konnect's notifications are unsigned: far more than Konnect sends for one store's payments, far fewer
    // than a flood.
    konnectNotifications: limiter("konnect-notifications", 300, MINUTE),
  };
}

export interface AppDeps {
  config: Config;
  data: DataLayer;
}

export interface Services {
  catalog: CatalogService;
  seo: SeoService;
  idempotency: IdempotencyService;
  /** The public budgets, each its own count (per client address, and per recipient for the checkout). */
  limiters: Limiters;
  rateLimits: RateLimitsService;
  promos: PromosService;
  /** The one mail repo the services queue mail through (a test makes it fail once, inside a checkout). */
  mailRepo: MailRepo;
  mailWorker: MailWorker;
  mailbox: MailboxService;
  ordersRepo: OrdersRepo;
  orders: OrdersService;
  /** Find my order: the private link mailed again. */
  orderRecovery: OrderRecovery;
  payments: PaymentsService;
  /** What the operator must hear of, gathered into digests by email and Telegram. */
  alerts: OperatorAlerts;
  /** 'Deliver anyway' and 'Refund' on money no order holds. */
  unmatchedActions: UnmatchedActions;
  codes: CodesService;
  checkout: CheckoutService;
  newsletter: NewsletterService;
  adminAuth: AdminAuthService;
  uploads: UploadsService;
  catalogAdmin: CatalogAdminService;
  banners: BannersService;
  settings: SettingsService;
  /** "Email me when it is back" and "Only N left". */
  stockRequests: StockRequestsService;
  /** Checkouts refused by email, domain, address range or phone country code (docs/decisions.md D37). */
  blockList: BlockListService;
}

export function buildServices({ config, data }: AppDeps): Services {
  const catalogVersions = new CatalogVersions();
  const catalogRepo = new CatalogRepo(catalogVersions);
  const settingsRepo = new SettingsRepo();
  const idempotency = new IdempotencyService(data, new IdempotencyRepo());
  const promosRepo = new PromosRepo();
  const mailRepo = new MailRepo();
  // The one key for codes and other secrets at rest: CODES_KEY, else DATA_DIR/codes.key (docs/operations.md).
  const sealer = Sealer.fromConfig(config.codesKey, config.dataDir);
  const ordersRepo = new OrdersRepo(data.engine);
  const stock = new StockKeeper(new CodesRepo(data.engine), catalogRepo, data);
  const orderMails = new OrderMails(ordersRepo, stock.codes, mailRepo, sealer, config.publicUrl, settingsRepo);
  const mailWorker = new MailWorker(
    data,
    mailRepo,
    createTransport(config.smtpUrl, data, mailRepo, config.dataDir, sealer),
    { from: config.mailFrom, render: withOrderLinkMail(orderMails.render, ordersRepo, orderMails) },
  );
  const alerts = new OperatorAlerts({
    data,
    repo: new AlertsRepo(),
    settingsRepo,
    mail: mailRepo,
    operatorEmail: config.operatorEmail,
    telegram: config.telegram ? new TelegramSender(config.telegram) : undefined,
    onMailQueued: () => mailWorker.wake(),
  });
  const orders = new OrdersService({
    alerts,
    data,
    repo: ordersRepo,
    mail: mailRepo,
    catalog: catalogRepo,
    stock,
    intake: new CodeIntake(stock.codes, sealer),
    mails: orderMails,
    onMailQueued: () => mailWorker.wake(),
  });
  const uploads = new UploadsService(data, new UploadsRepo(), { publicUrl: config.publicUrl });
  const rateLimits = new RateLimitsService(data, new RateLimitsRepo());
  const stockRequests = new StockRequestsService({
    data,
    repo: new StockRequestsRepo(),
    catalog: catalogRepo,
    codes: stock.codes,
    mail: mailRepo,
    sealer,
    publicUrl: config.publicUrl,
  });
  const limiters = buildLimiters(rateLimits, config);
  const blockList = new BlockListService(data, new BlockListRepo());
  const payments = new PaymentsService({
    alerts,
    data,
    repo: new PaymentsRepo(),
    ordersRepo,
    orders,
    config: config.payment,
    publicUrl: config.publicUrl,
    onMailQueued: () => mailWorker.wake(),
  });
  const catalog = new CatalogService(data, catalogRepo, catalogVersions, settingsRepo);
  return {
    catalog,
    seo: new SeoService(data, catalogRepo, catalogVersions, catalog, config.publicUrl, () =>
      readStorefrontMessages(config.clientDist),
    ),
    idempotency,
    limiters,
    rateLimits,
    promos: new PromosService(data, promosRepo),
    mailRepo,
    mailWorker,
    mailbox: new MailboxService(data, mailRepo, sealer),
    ordersRepo,
    orders,
    orderRecovery: new OrderRecovery({
      data,
      orders: ordersRepo,
      mail: mailRepo,
      mails: orderMails,
      limits: {
        perAddress: limiters.findOrderPerAddress,
        perOrder: limiters.findOrderPerOrder,
        perRecipient: limiters.findOrderPerRecipient,
      },
      onMailQueued: () => mailWorker.wake(),
    }),
    payments,
    alerts,
    unmatchedActions: new UnmatchedActions({
      data,
      repo: new PaymentsRepo(),
      ordersRepo,
      orders,
      stripe: payments.stripeClient,
      onMailQueued: () => mailWorker.wake(),
    }),
    codes: new CodesService(
      data,
      stock.codes,
      stock,
      catalogRepo,
      orders,
      sealer,
      settingsRepo,
      () => mailWorker.wake(),
      (tx, productId, now) => stockRequests.announceRestock(tx, productId, now),
    ),
    checkout: new CheckoutService({
      data,
      repo: new CheckoutRepo(),
      orders: ordersRepo,
      promos: promosRepo,
      mail: mailRepo,
      idempotency,
      worker: mailWorker,
      payments,
      stock,
      mails: orderMails,
      publicUrl: config.publicUrl,
      operatorEmail: config.operatorEmail,
      unpaidOrderTtlMs: config.unpaidOrderTtlMs,
      holdLimits: config.holdLimits,
    }),
    newsletter: new NewsletterService(data, new NewsletterRepo()),
    adminAuth: new AdminAuthService(data, new AdminAuthRepo(), config, Date.now, sealer, rateLimits),
    uploads,
    catalogAdmin: new CatalogAdminService(
      data,
      new CatalogAdminRepo(),
      catalogRepo,
      catalogVersions,
      uploads,
      stock.codes,
    ),
    banners: new BannersService(data, new BannersRepo(), catalogVersions, uploads),
    settings: new SettingsService(data, settingsRepo, catalogVersions),
    stockRequests,
    blockList,
  };
}

export function buildApp(deps: AppDeps, services: Services = buildServices(deps)): Hono {
  const app = new Hono();
  app.onError(errorResponse);
  app.notFound((c) => errorResponse(new NotFoundError(), c));
  app.use("*", securityHeaders(deps.config));
  app.use("*", refuseNulInAddress);
  app.use(
    "/api/*",
    limitBody({
      maxSize: bodyLimitFor(BODY_LIMITS, DEFAULT_BODY_LIMIT),
      onError: (c) =>
        errorResponse(new AppError(413, c.req.path === "/api/upload-image" ? TOO_LARGE : BODY_TOO_LARGE), c),
    }),
  );
  // The catalog's public answers come first: built once per version and kept compressed (D27), they need
  // neither the compression below nor the admin guard and idempotency (their routes only answer GETs).
  app.route("/", catalogRoutes(services.catalog));
  app.route("/", seoRoutes(services.seo));
  // Compress what is worth it (pages, assets, other GET answers); small POST answers are not.
  const compressGet = compress();
  app.use("*", (c, next) => (c.req.method === "GET" ? compressGet(c, next) : next()));
  // Before any route: every /api/admin/* route and catalog mutation needs a session (+ CSRF token).
  installAdminGuard(app, services.adminAuth, deps.config);
  const idempotent = adminIdempotency(deps.data, services.idempotency);
  // Images in an edit are re-encoded before the edit's transaction opens (uploads.service.ts).
  const images = prepareImages(services.uploads);
  // Hono's "/x/*" also matches "/x" itself: listing both ran the middleware twice on POST /api/categories.
  for (const p of ["/api/admin/*", "/api/categories/*"]) app.use(p, images, idempotent);

  const { limiters } = services;
  app.route(
    "/",
    checkoutRoutes(services.checkout, {
      perAddress: limiters.checkoutPerAddress,
      perEmail: limiters.checkoutPerEmail,
      confirmationsPerDay: limiters.checkoutConfirmationsPerDay,
      promo: limiters.promo,
      trustProxy: deps.config.trustProxy,
      blockList: services.blockList,
    }),
  );
  // Every other module's routes: the shopper's, then the console's (its sign-in, and what the guard above keeps).
  for (const routes of [
    paymentsRoutes(services.payments, limiters.konnectNotifications),
    ordersRoutes(services.orders, limiters.orderLookup),
    findOrderRoute(services.orderRecovery, deps.config.trustProxy),
    promosRoutes(services.promos, limiters.promo),
    newsletterRoutes(services.newsletter, limiters.newsletter),
    stockRequestsRoutes(services.stockRequests, limiters.stockRequests),
  ])
    app.route("/", routes);
  for (const routes of [
    adminAuthRoutes(services.adminAuth, deps.config),
    catalogAdminRoutes(services.catalogAdmin),
    codesRoutes(services.codes),
    bannersRoutes(services.banners),
    settingsRoutes(services.settings),
    blockListRoutes(services.blockList, services.rateLimits),
    uploadsRoutes(services.uploads),
    ordersAdminRoutes(services.orders),
    promosAdminRoutes(services.promos),
    newsletterAdminRoutes(services.newsletter),
    mailboxRoutes(services.mailbox),
    paymentsAdminRoutes(services.payments, services.unmatchedActions),
    alertsRoutes(services.alerts),
    ordersExportRoutes(new OrdersExport(deps.data, services.ordersRepo)),
  ])
    app.route("/", routes);

  mountStatic(app, {
    clientDist: deps.config.clientDist,
    uploadsDir: path.join(deps.config.dataDir, "uploads"),
    pageCacheSeconds: deps.config.pageCacheSeconds,
    pageHtml: (c, html) =>
      services.seo.page(html, c.req.path, prefsFromCookies(c.req.header("Cookie"), c.req.query("lang"))),
  });
  return app;
}
