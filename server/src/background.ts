/** Start-up tasks and background workers (first admin, mail worker, order expiry, ...).
 * Each module that needs one registers it here; the returned function stops them all. */
import type { AppDeps, Services } from "./app.ts";

export type Stop = () => Promise<void>;

/** How often unpaid orders are checked for expiry. */
const EXPIRY_PASS_MS = 30_000;

export async function startBackground(_deps: AppDeps, services: Services): Promise<Stop> {
  const stops: Stop[] = [];

  await services.adminAuth.ensureFirstAdmin();

  await services.mailWorker.start();
  stops.push(() => services.mailWorker.stop());
  // Unpaid orders past their time expire and free their codes; each order moves by a conditional update, so
  // several instances running this pass never expire one twice (docs/decisions.md D10).
  let expiring: Promise<unknown> | undefined;
  const expire = setInterval(() => {
    expiring ??= services.orders
      .expireDue()
      .catch((err: unknown) => console.error("Expiring unpaid orders failed:", err))
      .finally(() => {
        expiring = undefined;
      });
  }, EXPIRY_PASS_MS);
  expire.unref();
  stops.push(async () => {
    clearInterval(expire);
    await expiring;
  });
  const pruneKeys = setInterval(() => {
    services.idempotency.prune().catch((err: unknown) => console.error("Pruning idempotency keys failed:", err));
  }, 3600_000);
  pruneKeys.unref();
  stops.push(async () => clearInterval(pruneKeys));
  const pruneLimits = setInterval(() => {
    services.rateLimits.prune(Date.now()).catch((err: unknown) => console.error("Pruning rate limits failed:", err));
  }, 3600_000);
  pruneLimits.unref();
  stops.push(async () => clearInterval(pruneLimits));
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
