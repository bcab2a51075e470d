import { secureRandomBytes } from "./random.ts";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

function randomChars(length: number): string {
  let out = "";
  for (const b of secureRandomBytes(length)) out += ALPHABET[b % ALPHABET.length];
  return out;
}

/** A short random id, e.g. `p_8k2m4x9q1c`, unguessable enough for catalog rows. */
export function newId(prefix: string, length = 12): string {
  return `${prefix}_${randomChars(length)}`;
}

/** A random id that sorts by creation time: the milliseconds in base 36, then 8 random characters, e.g.
 * `ord_mi2ab3c4dk2m4x9q1`. Rows written one after another land side by side in the indexes keyed by it, so a
 * commit of many orders touches a few index pages instead of one per order. Not for rows whose creation time
 * must stay secret. */
export function newTimeOrderedId(prefix: string, now = Date.now()): string {
  return `${prefix}_${now.toString(36).padStart(9, "0")}${randomChars(8)}`;
}
