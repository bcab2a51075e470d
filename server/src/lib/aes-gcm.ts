/** The one AES-256-GCM implementation of the server: codes and other secrets at rest (sealer.ts) and stored
 * idempotent answers (modules/idempotency) both seal with it, each in its own text encoding, so the cipher, the IV
 * and the tag handling are written and tested once. A sealed value is `iv (12 bytes) | tag (16 bytes) | ciphertext`;
 * `context`, when given, is authenticated but not stored, so a value sealed for one context does not open in another.
 * Keys are KeyObjects: createCipheriv takes them faster than raw bytes. */
import { createCipheriv, createDecipheriv, type KeyObject } from "node:crypto";
import { secureRandomBytes } from "./random.ts";

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** `plain` sealed under `key` with a fresh random IV. */
export function sealAesGcm(key: KeyObject, plain: string, context?: string): Buffer {
  const iv = secureRandomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  if (context !== undefined) cipher.setAAD(Buffer.from(context, "utf8"));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** The text sealAesGcm sealed; throws when `sealed` was not sealed by this key for this context, or was altered. */
export function openAesGcm(key: KeyObject, sealed: Buffer, context?: string): string {
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new Error("sealed value too short");
  const decipher = createDecipheriv("aes-256-gcm", key, sealed.subarray(0, IV_BYTES));
  if (context !== undefined) decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
}
