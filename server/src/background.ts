/** Start-up tasks and background workers (first admin, mail worker, order expiry, ...).
 * Each module that needs one registers it here; the returned function stops them all. */
import type { AppDeps, Services } from "./app.ts";

export type Stop = () => Promise<void>;

export async function startBackground(_deps: AppDeps, services: Services): Promise<Stop> {
  const stops: Stop[] = [];

  await services.adminAuth.ensureFirstAdmin();

  await services.mailWorker.start();
  stops.push(() => services.mailWorker.stop());
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
