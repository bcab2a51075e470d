import { secureRandomBytes } from "./random.ts";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

/** A short random id, e.g. `p_8k2m4x9q1c`, unguessable enough for catalog rows. */
export function newId(prefix: string, length = 12): string {
  const bytes = secureRandomBytes(length);
  let out = "";
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return `${prefix}_${out}`;
}
