/** A seeded test store paid through a fake provider (started on 127.0.0.1), for the payment tests: the fake and the
 * store are started together and the admin's credentials are set (the caller closes both); and the logs kept. */
import { vi } from "vitest";
import { FakeKonnect } from "../modules/payments/fakes/fake-konnect.ts";
import { FakeStripe } from "../modules/payments/fakes/fake-stripe.ts";
import { ADMIN_ENV } from "./admin-session.ts";
import { createTestStore, type TestStore } from "./harness.ts";

/** Stripe's fake sends its events to this address; a test delivers them itself (`stripe.deliver`). */
const STRIPE_WEBHOOK = "http://store.test/api/payments/stripe/webhook";

export async function storeOnStripe(
  keys: { secretKey: string; webhookSecret: string },
  env: Record<string, string> = {},
): Promise<{ store: TestStore; stripe: FakeStripe }> {
  const stripe = await FakeStripe.start({ ...keys, webhookUrl: STRIPE_WEBHOOK });
  const store = await createTestStore({
    seed: true,
    env: {
      ...ADMIN_ENV,
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: keys.secretKey,
      STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
      STRIPE_API_URL: stripe.url,
      ...env,
    },
  });
  return { store, stripe };
}

/** Konnect's own calls to the webhook reach the store running in this process. */
export async function storeOnKonnect(
  keys: { apiKey: string; walletId: string },
  env: Record<string, string> = {},
): Promise<{ store: TestStore; konnect: FakeKonnect }> {
  const konnect = await FakeKonnect.start(keys);
  const store = await createTestStore({
    seed: true,
    env: {
      ...ADMIN_ENV,
      PAYMENT_PROVIDER: "konnect",
      KONNECT_API_KEY: keys.apiKey,
      KONNECT_WALLET_ID: keys.walletId,
      KONNECT_API_URL: konnect.url,
      ...env,
    },
  });
  konnect.callWebhook = async (url) => store.app.request(url);
  return { store, konnect };
}

/** Every log line written during a test, to check refusals are logged and secrets are not (restored by
 * vi.restoreAllMocks()). */
export function captureLogs(): string[] {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
  vi.spyOn(console, "warn").mockImplementation(keep);
  vi.spyOn(console, "error").mockImplementation(keep);
  vi.spyOn(console, "log").mockImplementation(keep);
  return lines;
}
