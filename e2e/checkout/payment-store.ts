/** A second store server for the online payment specs: the built server (server/dist/main.js) with its own
 * data directory, port and payment provider, started and stopped by the spec (the config's web server
 * runs the manual provider for every other spec). */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { request, test } from "@playwright/test";
import { FakeStripe } from "../../server/src/test/fake-stripe.ts";
import { E2E_ADMIN } from "../../playwright.config.ts";
import { apiSession, type ApiSession } from "../admin/console-helpers.ts";

export interface PaymentStore {
  url: string;
  dataDir: string;
  mailboxDir: string;
  stop: () => Promise<void>;
}

export async function startPaymentStore(port: number, env: Record<string, string>): Promise<PaymentStore> {
  const dataDir = path.resolve(`.tmp/e2e-payments-${port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const url = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["server/dist/main.js"], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "yes",
      PUBLIC_URL: url,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the payment store stopped: ${output}`);
    const up = await fetch(`${url}/api/categories`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`the payment store did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    dataDir,
    mailboxDir: path.join(dataDir, "mailbox"),
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** The operator's admin API session on this store (login and CSRF token), as the console holds it. */
export async function storeApi(store: PaymentStore): Promise<ApiSession> {
  return apiSession(await request.newContext({ baseURL: store.url }));
}

/** Makes a product sold from code stock on this store and imports the given codes (through the admin API, as
 * the operator's console does). */
export async function stockCodes(store: PaymentStore, productId: string, codes: string[]): Promise<void> {
  const api = await storeApi(store);
  await api.put(`/api/admin/products/${productId}`, { deliveryMode: "automatic" });
  await api.send("POST", `/api/admin/products/${productId}/codes/import`, { text: codes.join("\n") });
}

/** A fake payment provider a spec starts beside its store, and the store's settings that point at it. */
export interface ProviderSetup<P extends { url: string; close: () => Promise<void> }> {
  start: () => Promise<P>;
  settings: (provider: P) => Record<string, string>;
}

/** The fake Stripe for the store on `port` (its webhooks sent back to that store; listening on `fakePort` when
 * given), and the store's settings for it. */
export function fakeStripe(port: number, fakePort?: number): ProviderSetup<FakeStripe> {
  const keys = { secretKey: "sk_test_e2e", webhookSecret: "whsec_e2e" };
  return {
    start: () =>
      FakeStripe.start({
        ...keys,
        webhookUrl: `http://127.0.0.1:${port}/api/payments/stripe/webhook`,
        ...(fakePort === undefined ? {} : { port: fakePort }),
      }),
    settings: (stripe) => ({
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: keys.secretKey,
      STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
      STRIPE_API_URL: stripe.url,
    }),
  };
}

/** Runs the enclosing describe's tests against their own payment store on `port`: the fake provider started first,
 * then the store with its settings for it, `stock` imported; both stopped after the tests. The answer reads them once
 * they have started. */
export function usePaymentStore<P extends { url: string; close: () => Promise<void> }>(
  port: number,
  { start, settings }: ProviderSetup<P>,
  stock?: { productId: string; codes: string[] },
): { readonly provider: P; readonly store: PaymentStore } {
  let started: { provider: P; store: PaymentStore } | undefined;
  test.use({ baseURL: `http://localhost:${port}` });
  test.beforeAll(async () => {
    const provider = await start();
    const store = await startPaymentStore(port, settings(provider));
    started = { provider, store };
    if (stock) await stockCodes(store, stock.productId, stock.codes);
  });
  test.afterAll(async () => {
    await started?.store.stop();
    await started?.provider.close();
  });
  const running = () => {
    if (!started) throw new Error(`the payment store on port ${port} has not started`);
    return started;
  };
  return {
    get provider() {
      return running().provider;
    },
    get store() {
      return running().store;
    },
  };
}
