/** The environment, parsed once (docs/decisions.md D25). Nothing else reads process.env. */
import path from "node:path";
import { z } from "zod";
import { PAYMENT_PROVIDER_NAMES, type PaymentProviderName } from "@store/shared/schemas/payments";
import { databaseTarget, type DatabaseTarget } from "./db/url.ts";

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optional,
  /** A read replica of DATABASE_URL's PostgreSQL database for the catalog's public reads (docs/decisions.md D51). */
  DATABASE_READ_URL: optional,
  PUBLIC_URL: optional,
  SMTP_URL: optional,
  MAIL_FROM: z.string().default("Digital Store <no-reply@store.local>"),
  OPERATOR_EMAIL: optional,
  /** Operator alerts to a Telegram chat too (docs/operations.md "Operator alerts"); both or neither. */
  TELEGRAM_BOT_TOKEN: optional,
  TELEGRAM_CHAT_ID: optional,
  TELEGRAM_API_URL: optional,
  ADMIN_USERNAME: optional,
  ADMIN_PASSWORD: optional,
  CODES_KEY: optional,
  PAYMENT_PROVIDER: optional,
  PAYMENT_METHODS: optional,
  KONNECT_API_KEY: optional,
  KONNECT_WALLET_ID: optional,
  KONNECT_API_URL: optional,
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_URL: optional,
  PAYMOB_SECRET_KEY: optional,
  PAYMOB_PUBLIC_KEY: optional,
  PAYMOB_HMAC_SECRET: optional,
  PAYMOB_INTEGRATION_IDS: optional,
  PAYMOB_API_URL: optional,
  /** Minutes an unpaid order keeps its reserved codes before it expires (default: 60 with a payment provider; in manual
   * mode the operator's reservation time, Admin > Settings > Limits). A fraction of a minute is taken too, down to
   * 0.05 (3 s; a test store's). */
  UNPAID_ORDER_TTL_MINUTES: optional
    .transform((v) => (v === undefined ? undefined : Number(v)))
    .pipe(z.number().min(0.05).max(525_600).optional()),
  CLIENT_DIST: optional,
  SEED_DEMO: z.enum(["auto", "yes", "no"]).default("auto"),
  /** Set (yes/true/1) only behind a reverse proxy: rate limits then key on the X-Forwarded-For hop. */
  TRUST_PROXY: optional,
  /** Orders one client address may place per 10 minutes (docs/decisions.md D28: the checkout's rate limits). */
  CHECKOUT_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(60),
  /** Orders (so confirmation mails) one recipient address may get per hour. */
  CHECKOUT_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** Order confirmations one recipient inbox (its canonical mailbox) may get per day; past it checkout refuses. */
  CHECKOUT_LIMIT_PER_EMAIL_DAY: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** "Find my order" requests one client address may send per hour. */
  FIND_ORDER_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(5),
  /** Units of one product one client address, and one recipient, may hold in orders awaiting payment (0: no limit). */
  HELD_UNITS_PER_PRODUCT: z.coerce.number().int().min(0).max(1_000_000).default(20),
  /** Units of all products one client address, and one recipient, may hold in orders awaiting payment (0: no limit). */
  HELD_UNITS_TOTAL: z.coerce.number().int().min(0).max(1_000_000).default(50),
  /** Units of one product one recipient may order in 24 hours, cancelled and expired orders aside (0: no limit). */
  RECIPIENT_UNITS_PER_DAY: z.coerce.number().int().min(0).max(1_000_000).default(30),
  /** Seconds a shared cache (a CDN) may answer the store's pages without asking it (0: every cache asks). */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(0),
});

const PAYMENT_PROVIDERS = PAYMENT_PROVIDER_NAMES;
export type { PaymentProviderName };

type PaymentMethodConfig =
  | { provider: "manual" }
  | { provider: "konnect"; apiKey: string; walletId: string; apiUrl: string }
  | { provider: "stripe"; secretKey: string; webhookSecret: string; apiUrl: string }
  | {
      provider: "paymob";
      secretKey: string;
      publicKey: string;
      hmacSecret: string;
      integrationIds: readonly number[];
      apiUrl: string;
    };

/** The ways a shopper may pay, in the operator's order (docs/decisions.md D11, D45). */
export interface PaymentConfig {
  methods: readonly PaymentMethodConfig[];
}

/** PAYMENT_METHODS (a comma-separated list) or PAYMENT_PROVIDER (its one-method form), each method with every key
 * it needs; an unknown name or a missing key is an error naming the setting (never its value: these are secrets). */
function paymentConfig(e: z.infer<typeof envSchema>): PaymentConfig {
  if (e.PAYMENT_METHODS !== undefined && e.PAYMENT_PROVIDER !== undefined)
    throw new Error("Set PAYMENT_METHODS or PAYMENT_PROVIDER, not both (PAYMENT_PROVIDER is the one-method form).");
  const setting = e.PAYMENT_METHODS !== undefined ? "PAYMENT_METHODS" : "PAYMENT_PROVIDER";
  const names = (e.PAYMENT_METHODS?.split(",") ?? [e.PAYMENT_PROVIDER ?? "manual"])
    .map((n) => n.trim().toLowerCase())
    .filter((n) => n !== "");
  if (names.length === 0) throw new Error(`${setting} names no payment method.`);
  const methods: PaymentMethodConfig[] = [];
  for (const name of new Set(names)) {
    if (!isProviderName(name))
      throw new Error(`${setting} must name ${PAYMENT_PROVIDERS.join(", ")} (got "${name.slice(0, 40)}").`);
    methods.push(
      methodConfig(
        e,
        name,
        setting === "PAYMENT_PROVIDER" ? `PAYMENT_PROVIDER=${name}` : `PAYMENT_METHODS with ${name}`,
      ),
    );
  }
  return { methods };
}

function isProviderName(name: string): name is PaymentProviderName {
  return (PAYMENT_PROVIDERS as readonly string[]).includes(name);
}

function methodConfig(e: z.infer<typeof envSchema>, name: PaymentProviderName, said: string): PaymentMethodConfig {
  const need = (key: keyof typeof e, value: string | undefined): string => {
    if (value === undefined) throw new Error(`${said} needs ${String(key)} to be set.`);
    return value.trim();
  };
  const url = (key: keyof typeof e, value: string | undefined, fallback: string): string => {
    const raw = (value ?? fallback).trim().replace(/\/+$/, "");
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      throw new Error(`${String(key)} must be an http(s) URL.`);
    }
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
      throw new Error(`${String(key)} must be an http(s) URL.`);
    return raw;
  };
  // Stripe's package takes a host, a port and a protocol: a path would be dropped, so it is refused.
  const origin = (key: keyof typeof e, value: string): string => {
    if (new URL(value).pathname !== "/") throw new Error(`${String(key)} must be an origin, without a path.`);
    return value;
  };
  switch (name) {
    case "manual":
      return { provider: "manual" };
    case "konnect":
      return {
        provider: "konnect",
        apiKey: need("KONNECT_API_KEY", e.KONNECT_API_KEY),
        walletId: need("KONNECT_WALLET_ID", e.KONNECT_WALLET_ID),
        apiUrl: url("KONNECT_API_URL", e.KONNECT_API_URL, "https://api.konnect.network"),
      };
    case "stripe":
      return {
        provider: "stripe",
        secretKey: need("STRIPE_SECRET_KEY", e.STRIPE_SECRET_KEY),
        webhookSecret: need("STRIPE_WEBHOOK_SECRET", e.STRIPE_WEBHOOK_SECRET),
        apiUrl: origin("STRIPE_API_URL", url("STRIPE_API_URL", e.STRIPE_API_URL, "https://api.stripe.com")),
      };
    case "paymob": {
      const ids = need("PAYMOB_INTEGRATION_IDS", e.PAYMOB_INTEGRATION_IDS)
        .split(",")
        .map((id) => id.trim());
      if (!ids.every((id) => /^[1-9][0-9]{0,11}$/.test(id)))
        throw new Error("PAYMOB_INTEGRATION_IDS must be Paymob integration ids (whole numbers), comma-separated.");
      return {
        provider: "paymob",
        secretKey: need("PAYMOB_SECRET_KEY", e.PAYMOB_SECRET_KEY),
        publicKey: need("PAYMOB_PUBLIC_KEY", e.PAYMOB_PUBLIC_KEY),
        hmacSecret: need("PAYMOB_HMAC_SECRET", e.PAYMOB_HMAC_SECRET),
        integrationIds: ids.map(Number),
        apiUrl: url("PAYMOB_API_URL", e.PAYMOB_API_URL, "https://accept.paymob.com"),
      };
    }
  }
}

/** An order paid online waits this long by default: the provider's page should not outlive the reserved codes. */
const ONLINE_UNPAID_ORDER_TTL_MS = 60 * 60_000;

/** How long an order paid with `method` keeps its codes unpaid: UNPAID_ORDER_TTL_MINUTES when set, else 60
 * minutes online and the operator's reservation time for a manual payment (arranged by hand, it takes longer). */
export function unpaidOrderTtlMs(
  setting: number | null,
  method: PaymentProviderName,
  reservationHours: number,
): number {
  return setting ?? (method === "manual" ? reservationHours * 3_600_000 : ONLINE_UNPAID_ORDER_TTL_MS);
}

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  /** The SQLite file or the PostgreSQL server (DATABASE_URL), and its read replica (DATABASE_READ_URL). */
  database: DatabaseTarget;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  operatorEmail: string | undefined;
  /** Where operator alerts go on Telegram (docs/decisions.md D48); undefined without TELEGRAM_BOT_TOKEN. */
  telegram: TelegramConfig | undefined;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  codesKey: string | undefined;
  /** The payment methods and their settings (docs/decisions.md D11, D45). */
  payment: PaymentConfig;
  /** How long an unpaid order waits before it expires and frees its codes (ms); null without
   * UNPAID_ORDER_TTL_MINUTES: then an order paid online waits 60 minutes and a manual one the operator's reservation
   * time (a store setting). */
  unpaidOrderTtlMs: number | null;
  clientDist: string;
  seedDemo: "auto" | "yes" | "no";
  trustProxy: boolean;
  checkoutLimitPerAddress: number;
  checkoutLimitPerEmail: number;
  checkoutConfirmationsPerEmailPerDay: number;
  findOrderLimitPerAddress: number;
  /** The stock-hoarding guards of the checkout (docs/operations.md "Limits"). */
  holdLimits: HoldLimits;
  /** Seconds a shared cache may keep a page (PAGE_CACHE_SECONDS); browsers always revalidate. */
  pageCacheSeconds: number;
}

/** Each 0 when off. */
export interface HoldLimits {
  heldPerProduct: number;
  heldTotal: number;
  recipientPerDay: number;
}

function invalidIfThrows<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    throw new Error(`Invalid configuration: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const database = databaseTarget(e.DATABASE_URL, dataDir, e.DATABASE_READ_URL);
  const payment = invalidIfThrows(() => paymentConfig(e));
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    operatorEmail: e.OPERATOR_EMAIL,
    telegram: invalidIfThrows(() => telegramConfig(e)),
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    codesKey: e.CODES_KEY,
    payment,
    unpaidOrderTtlMs: e.UNPAID_ORDER_TTL_MINUTES === undefined ? null : Math.round(e.UNPAID_ORDER_TTL_MINUTES * 60_000),
    clientDist: path.resolve(e.CLIENT_DIST ?? new URL("../../client/dist", import.meta.url).pathname),
    seedDemo: e.SEED_DEMO,
    trustProxy: ["1", "true", "yes"].includes((e.TRUST_PROXY ?? "").toLowerCase()),
    checkoutLimitPerAddress: e.CHECKOUT_LIMIT_PER_ADDRESS,
    checkoutLimitPerEmail: e.CHECKOUT_LIMIT_PER_EMAIL,
    checkoutConfirmationsPerEmailPerDay: e.CHECKOUT_LIMIT_PER_EMAIL_DAY,
    findOrderLimitPerAddress: e.FIND_ORDER_LIMIT_PER_ADDRESS,
    holdLimits: {
      heldPerProduct: e.HELD_UNITS_PER_PRODUCT,
      heldTotal: e.HELD_UNITS_TOTAL,
      recipientPerDay: e.RECIPIENT_UNITS_PER_DAY,
    },
    pageCacheSeconds: e.PAGE_CACHE_SECONDS,
  };
}

/** Telegram for operator alerts: TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID together, or neither (an error names the
 * missing setting, never the token). TELEGRAM_API_URL points tests at a local fake. */
export interface TelegramConfig {
  botToken: string;
  chatId: string;
  apiUrl: string;
}

function telegramConfig(e: z.infer<typeof envSchema>): TelegramConfig | undefined {
  const token = e.TELEGRAM_BOT_TOKEN?.trim();
  const chatId = e.TELEGRAM_CHAT_ID?.trim();
  if (!token && !chatId) return undefined;
  if (!token) throw new Error("TELEGRAM_CHAT_ID needs TELEGRAM_BOT_TOKEN to be set.");
  if (!chatId) throw new Error("TELEGRAM_BOT_TOKEN needs TELEGRAM_CHAT_ID to be set.");
  const apiUrl = (e.TELEGRAM_API_URL ?? "https://api.telegram.org").trim().replace(/\/+$/, "");
  if (!/^https?:\/\/[^/]+/.test(apiUrl)) throw new Error("TELEGRAM_API_URL must be an http(s) URL.");
  return { botToken: token, chatId, apiUrl };
}
