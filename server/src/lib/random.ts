/** Cryptographically secure random bytes, drawn from a pooled buffer: one randomFillSync call serves many
 * small requests (order codes, tokens, ids, IVs), which matters on the checkout's hot path. The pool is
 * filled by the same CSPRNG as crypto.randomBytes and every byte is handed out once. */
import { randomFillSync } from "node:crypto";

const POOL_SIZE = 4096;
const pool = Buffer.allocUnsafe(POOL_SIZE);
let offset = POOL_SIZE;

/** `size` fresh random bytes (a copy the caller owns). Requests larger than the pool bypass it. */
export function secureRandomBytes(size: number): Buffer {
  if (size > POOL_SIZE) return randomFillSync(Buffer.allocUnsafe(size));
  if (offset + size > POOL_SIZE) {
    randomFillSync(pool);
    offset = 0;
  }
  const out = Buffer.from(pool.subarray(offset, offset + size));
  // Used bytes are wiped so they can never be read again from the pool.
  pool.fill(0, offset, offset + size);
  offset += size;
  return out;
}
