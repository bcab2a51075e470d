/** Secrets at rest (docs/decisions.md D10): codes, the private order token kept for mail rendered when sent, and the
 * secret parts of dev-mailbox messages are sealed with AES-256-GCM; codes are also given a keyed hash (HMAC-SHA-256)
 * so duplicates are found without decrypting. Both keys are derived (HKDF-SHA-256) from one 32-byte secret:
 * CODES_KEY (64 hex characters, or base64 of 32 bytes), else a key generated once into DATA_DIR/codes.key with
 * owner-only permissions (0600). The key is never logged. */
import { createHmac, createSecretKey, hkdfSync, timingSafeEqual, randomBytes, type KeyObject } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { openAesGcm, sealAesGcm } from "./aes-gcm.ts";

const VERSION = "v1";
export const KEY_FILE = "codes.key";

/** Parses CODES_KEY: 64 hex characters or base64 (standard or url) of exactly 32 bytes. */
export function parseKey(raw: string): Buffer {
  const value = raw.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const key = Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    if (key.length === 32) return key;
  }
  throw new Error(
    "CODES_KEY must be 32 bytes given as 64 hex characters or base64 (generate one with `openssl rand -hex 32`)",
  );
}

/** The key of DATA_DIR/codes.key, created (0600, exclusively, so two processes agree) when absent. */
function keyFromDataDir(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600, flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  const stat = fs.statSync(file);
  if ((stat.mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  return parseKey(fs.readFileSync(file, "utf8"));
}

export class Sealer {
  // KeyObjects: createCipheriv and createHmac take them faster than raw bytes.
  private readonly encKey: KeyObject;
  private readonly macKey: KeyObject;
  private readonly linkKey: KeyObject;

  constructor(master: Buffer) {
    if (master.length !== 32) throw new Error("the sealing key must be 32 bytes");
    this.encKey = createSecretKey(
      Buffer.from(hkdfSync("sha256", master, Buffer.alloc(0), "store codes: encryption", 32)),
    );
    this.macKey = createSecretKey(
      Buffer.from(hkdfSync("sha256", master, Buffer.alloc(0), "store codes: duplicate hash", 32)),
    );
    this.linkKey = createSecretKey(
      Buffer.from(hkdfSync("sha256", master, Buffer.alloc(0), "store links: signature", 32)),
    );
  }

  /** From the configuration: CODES_KEY when set, else the data directory's key file. */
  static fromConfig(codesKey: string | undefined, dataDir: string): Sealer {
    return new Sealer(codesKey === undefined ? keyFromDataDir(dataDir) : parseKey(codesKey));
  }

  /** "v1.<base64url(iv | tag | ciphertext)>"; `context` (e.g. the product id) is authenticated, so a sealed value
   * cannot be moved to another row and still open. */
  seal(plain: string, context: string): string {
    return `${VERSION}.${sealAesGcm(this.encKey, plain, context).toString("base64url")}`;
  }

  /** Throws when the value was not sealed by this key for this context. */
  open(sealed: string, context: string): string {
    const [version, payload] = sealed.split(".", 2);
    if (version !== VERSION || payload === undefined) throw new Error("not a sealed value");
    return openAesGcm(this.encKey, Buffer.from(payload, "base64url"), context);
  }

  /** The keyed hash of a code (hex): equal codes give equal hashes; nobody without the key can test a guess. */
  hash(code: string): string {
    return createHmac("sha256", this.macKey).update(code, "utf8").digest("hex");
  }

  /** A link's signature (base64url) over `purpose` and `value`, with a key of its own: whoever holds the link may
   * act on that value for that purpose (an unsubscribe link, say), nobody can forge one for another value. */
  signLink(purpose: string, value: string): string {
    return createHmac("sha256", this.linkKey).update(`${purpose}\n${value}`, "utf8").digest("base64url");
  }

  /** Whether `signature` is signLink(purpose, value), compared in constant time. */
  checkLink(purpose: string, value: string, signature: string): boolean {
    const expected = Buffer.from(this.signLink(purpose, value));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/** "••••AB12": the last four characters of a code (all of it masked when it is 6 characters or shorter). */
export function maskCode(code: string): string {
  const chars = [...code];
  return chars.length <= 6 ? "••••" : `••••${chars.slice(-4).join("")}`;
}

/** A code as the stock list shows it, `head` characters of its start and `tail` of its end. */
function partlyMasked(chars: string[], head: number, tail: number): string {
  return `${chars.slice(0, head).join("")}••••${tail > 0 ? chars.slice(-tail).join("") : ""}`;
}

/** The masks of the codes the stock list shows together: a long code (over 10 characters) shows its first and last
 * four, "DEMO••••WXYZ", a shorter one its last four, and one of 6 or fewer nothing. Where two would still look the
 * same, those show more of their start and end, one character at a time, until they differ; at least two characters
 * of a code always stay hidden, so the list never carries a whole code. */
export function maskCodes(codes: readonly string[]): string[] {
  const chars = codes.map((c) => [...c]);
  const shown = chars.map((c): [number, number] => (c.length <= 6 ? [0, 0] : c.length > 10 ? [4, 4] : [0, 4]));
  const masks = chars.map((c, i) => partlyMasked(c, ...(shown[i] ?? [0, 0])));
  for (let round = 0; ; round++) {
    const seen = new Map<string, number>();
    for (const m of masks) seen.set(m, (seen.get(m) ?? 0) + 1);
    let changed = false;
    masks.forEach((mask, i) => {
      const c = chars[i] ?? [];
      const s = shown[i];
      if (!s) return;
      if ((seen.get(mask) ?? 0) < 2 || c.length <= 6 || s[0] + s[1] >= c.length - 2) return;
      // Alternately one more character of the end and of the start.
      if (round % 2 === 0) s[1]++;
      else s[0]++;
      masks[i] = partlyMasked(c, s[0], s[1]);
      changed = true;
    });
    if (!changed) return masks;
  }
}
