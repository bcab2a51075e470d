/** Start-up tasks and background workers (first admin, mail worker, order expiry, ...).
 * Each module that needs one registers it here; the returned function stops them all. */
import type { AppDeps, Services } from "./app.ts";
import { ALERT_PASS_MS } from "./modules/operator-alerts/alerts.service.ts";

export type Stop = () => Promise<void>;

/** How often unpaid orders are checked for expiry: every 30 s, or four times per UNPAID_ORDER_TTL_MINUTES when that
 * is shorter than 2 minutes (never more than once a second), so an order is never kept much past its time. The
 * operator's reservation time (null here) is whole hours. */
export function expiryPassMs(unpaidOrderTtlMs: number | null): number {
  if (unpaidOrderTtlMs === null) return 30_000;
  return Math.min(30_000, Math.max(1000, Math.round(unpaidOrderTtlMs / 4)));
}

/** Runs `pass` every `ms`, one at a time (a pass still running when the next is due is not doubled); a failure is
 * logged as `what` failed. The returned stop waits for the pass under way. */
function everyPass(pass: () => Promise<unknown>, ms: number, what: string): Stop {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= pass()
      .catch((err: unknown) => console.error(`${what} failed:`, err))
      .finally(() => {
        running = undefined;
      });
  }, ms);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

export async function startBackground(deps: AppDeps, services: Services): Promise<Stop> {
  const stops: Stop[] = [];

  await services.adminAuth.ensureFirstAdmin();

  await services.mailWorker.start();
  // Find my order's lookups still running finish (and queue their mail) before the worker stops.
  stops.push(async () => {
    await services.orderRecovery.settled();
    await services.mailWorker.stop();
  });
  // Unpaid orders past their time expire and free their codes; each order moves by a conditional update, so
  // several instances running this pass never expire one twice (docs/decisions.md D10).
  stops.push(
    everyPass(() => services.orders.expireDue(), expiryPassMs(deps.config.unpaidOrderTtlMs), "Expiring unpaid orders"),
  );
  // Operator alerts gathered into digests (one per kind and channel per window) and sent; the digest windows and the
  // Telegram leases keep it to one message each with several instances (docs/decisions.md D48).
  stops.push(everyPass(() => services.alerts.pass(), ALERT_PASS_MS, "Sending operator alerts"));
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
