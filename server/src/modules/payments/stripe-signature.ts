/** Stripe's webhook signature (docs/decisions.md D11): the `Stripe-Signature` header is `t=<unix seconds>,
 * v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint's secret>` (several v1 during a secret
 * rotation). Checked over the raw body, in constant time, within a tolerance of 300 s. */
import crypto from "node:crypto";

export const STRIPE_TOLERANCE_SECONDS = 300;

export function stripeSignature(secret: string, timestamp: number, rawBody: string): string {
  return crypto.createHmac("sha256", secret).update(`${timestamp}.${rawBody}`, "utf8").digest("hex");
}

/** The header Stripe would send for this body at this time. */
export function stripeSignatureHeader(secret: string, rawBody: string, nowMs: number): string {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${stripeSignature(secret, t, rawBody)}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: "missing" | "malformed" | "stale" | "mismatch" };

export function verifyStripeSignature(
  secret: string,
  rawBody: string,
  header: string | undefined,
  nowMs: number,
  toleranceSeconds = STRIPE_TOLERANCE_SECONDS,
): SignatureCheck {
  if (!header) return { ok: false, reason: "missing" };
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === undefined || signatures.length === 0) return { ok: false, reason: "malformed" };
  if (Math.abs(nowMs / 1000 - timestamp) > toleranceSeconds) return { ok: false, reason: "stale" };
  const expected = Buffer.from(stripeSignature(secret, timestamp, rawBody), "hex");
  const matches = signatures.some((sig) => crypto.timingSafeEqual(expected, Buffer.from(sig, "hex")));
  return matches ? { ok: true } : { ok: false, reason: "mismatch" };
}
