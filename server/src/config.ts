/** The environment, parsed once (docs/decisions.md D25). Nothing else reads process.env. */
import path from "node:path";
import { z } from "zod";
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
  PUBLIC_URL: optional,
  SMTP_URL: optional,
  MAIL_FROM: z.string().default("Digital Store <no-reply@store.local>"),
  OPERATOR_EMAIL: optional,
  ADMIN_USERNAME: optional,
  ADMIN_PASSWORD: optional,
  CODES_KEY: optional,
  PAYMENT_PROVIDER: z.enum(["manual", "konnect", "stripe"]).default("manual"),
  CLIENT_DIST: optional,
  SEED_DEMO: z.enum(["auto", "yes", "no"]).default("auto"),
  /** Set (yes/true/1) only behind a reverse proxy: rate limits then key on the X-Forwarded-For hop. */
  TRUST_PROXY: optional,
  /** Orders one client address may place per 10 minutes (issue 15: checkout rate limits). */
  CHECKOUT_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(60),
  /** Orders (so confirmation mails) one recipient address may get per hour. */
  CHECKOUT_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).max(1_000_000).default(10),
});

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  /** The SQLite file or the PostgreSQL server (DATABASE_URL). */
  database: DatabaseTarget;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  operatorEmail: string | undefined;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  codesKey: string | undefined;
  paymentProvider: "manual" | "konnect" | "stripe";
  clientDist: string;
  seedDemo: "auto" | "yes" | "no";
  trustProxy: boolean;
  checkoutLimitPerAddress: number;
  checkoutLimitPerEmail: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const database = databaseTarget(e.DATABASE_URL, dataDir);
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
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    codesKey: e.CODES_KEY,
    paymentProvider: e.PAYMENT_PROVIDER,
    clientDist: path.resolve(e.CLIENT_DIST ?? new URL("../../client/dist", import.meta.url).pathname),
    seedDemo: e.SEED_DEMO,
    trustProxy: ["1", "true", "yes"].includes((e.TRUST_PROXY ?? "").toLowerCase()),
    checkoutLimitPerAddress: e.CHECKOUT_LIMIT_PER_ADDRESS,
    checkoutLimitPerEmail: e.CHECKOUT_LIMIT_PER_EMAIL,
  };
}
