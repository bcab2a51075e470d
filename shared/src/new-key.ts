/** A fresh random key for an Idempotency-Key header (a checkout attempt, an admin change, an outbox entry): a UUID
 * where the browser offers randomUUID, else 16 bytes from getRandomValues as hex. randomUUID is missing outside a
 * secure context (a store opened over plain http on the local network), and getRandomValues is not. Both are
 * cryptographically random: a key must not be guessable, or another client could replay someone's answer. */

/** The part of Web Crypto this needs (shared/ is typed without the DOM or Node). */
interface KeyCrypto {
  randomUUID?: () => string;
  getRandomValues<T extends Uint8Array>(array: T): T;
}

export function newKey(): string {
  const c = (globalThis as unknown as { crypto: KeyCrypto }).crypto;
  if (typeof c.randomUUID === "function") {
    try {
      return c.randomUUID();
    } catch {
      // Refused outside a secure context in some browsers: fall through to getRandomValues.
    }
  }
  const bytes = c.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
