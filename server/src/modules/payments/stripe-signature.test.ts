import { describe, expect, it } from "vitest";
import { stripeSignatureHeader, verifyStripeSignature } from "./stripe-signature.ts";

const SECRET = "whsec_unit";
const BODY = '{"id":"evt_1","type":"checkout.session.completed"}';
const T = 1_700_000_000;
// openssl: printf '%s' "1700000000.$BODY" | openssl dgst -sha256 -hmac whsec_unit
const V1 = "acfd5e7728c927cb03f7a4ae5ed4b487e34f598c6f64fc12abebcebf1349b25c";

describe("Stripe-Signature", () => {
  it("signs t.body with HMAC-SHA256 as Stripe documents it", () => {
    expect(stripeSignatureHeader(SECRET, BODY, T * 1000 + 999)).toBe(`t=${T},v1=${V1}`);
  });

  it("accepts a matching v1 among others (a secret being rolled) within 300 s either way", () => {
    const header = `t=${T},v1=${"0".repeat(64)},v0=ignored,v1=${V1}`;
    expect(verifyStripeSignature(SECRET, BODY, header, T * 1000)).toEqual({ ok: true });
    expect(verifyStripeSignature(SECRET, BODY, header, (T + 300) * 1000)).toEqual({ ok: true });
    expect(verifyStripeSignature(SECRET, BODY, header, (T - 300) * 1000)).toEqual({ ok: true });
  });

  it("refuses a missing, malformed, stale or mismatched signature", () => {
    const header = `t=${T},v1=${V1}`;
    const at = T * 1000;
    expect(verifyStripeSignature(SECRET, BODY, undefined, at)).toEqual({ ok: false, reason: "missing" });
    expect(verifyStripeSignature(SECRET, BODY, `v1=${V1}`, at)).toEqual({ ok: false, reason: "malformed" });
    expect(verifyStripeSignature(SECRET, BODY, `t=${T},v1=abc`, at)).toEqual({ ok: false, reason: "malformed" });
    expect(verifyStripeSignature(SECRET, BODY, header, (T + 301) * 1000)).toEqual({ ok: false, reason: "stale" });
    expect(verifyStripeSignature(SECRET, `${BODY} `, header, at)).toEqual({ ok: false, reason: "mismatch" });
    expect(verifyStripeSignature("whsec_other", BODY, header, at)).toEqual({ ok: false, reason: "mismatch" });
  });
});
