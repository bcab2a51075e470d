/** Order codes (docs/decisions.md D9) and private order tokens. */
import { createHash } from "node:crypto";
import { secureRandomBytes } from "../../lib/random.ts";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** 'PNR-' + 8 Crockford base32 characters: 40 random bits, easy to read aloud. */
export function newOrderCode(): string {
  const bytes = secureRandomBytes(5);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let out = "";
  for (let i = 7; i >= 0; i--) out += CROCKFORD[Number((bits >> BigInt(i * 5)) & 31n)];
  return `PNR-${out}`;
}

/** Normalizes what a person typed: case, spaces, and Crockford's look-alikes (O->0, I/L->1). */
export function normalizeOrderCode(input: string): string | undefined {
  const raw = input.trim().toUpperCase().replace(/\s+/g, "");
  const m = /^PNR-?([0-9A-Z]{8})$/.exec(raw);
  if (!m?.[1]) return undefined;
  const body = m[1].replace(/O/g, "0").replace(/[IL]/g, "1");
  if (/U/.test(body)) return undefined;
  return `PNR-${body}`;
}

/** 128 random bits, base64url: the private order page token (only its hash is stored). */
export function newOrderToken(): string {
  return secureRandomBytes(16).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function isTokenShaped(token: string): boolean {
  return /^[A-Za-z0-9_-]{22}$/.test(token);
}

export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? "";
}
