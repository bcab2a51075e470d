/** Password hashing with scrypt at OWASP parameters; the parameters travel inside the stored string. */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's recommended scrypt cost (N=2^17, r=8, p=1). */
export const DEFAULT_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

let activeCost: ScryptCost = DEFAULT_COST;

/** Internal: tests lower the cost so that signing in does not take most of a second each time. */
export function setPasswordCostForTests(cost: ScryptCost): void {
  activeCost = cost;
}

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; allow twice that (256 MB at the default cost).
  const options: ScryptOptions = { N: cost.N, r: cost.r, p: cost.p, maxmem: 256 * cost.N * cost.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFC"), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** `scrypt$N=131072,r=8,p=1$<salt base64>$<key base64>` */
export async function hashPassword(password: string, cost: ScryptCost = activeCost): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, cost);
  return `scrypt$N=${cost.N},r=${cost.r},p=${cost.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

interface Parsed {
  cost: ScryptCost;
  salt: Buffer;
  key: Buffer;
}

export function parseHash(stored: string): Parsed | undefined {
  const m = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(stored);
  if (!m) return undefined;
  const cost = { N: Number(m[1]), r: Number(m[2]), p: Number(m[3]) };
  const powerOfTwo = Number.isInteger(Math.log2(cost.N));
  if (!powerOfTwo || cost.N < 2 || cost.N > 2 ** 20 || cost.r < 1 || cost.r > 32 || cost.p < 1 || cost.p > 16)
    return undefined;
  const salt = Buffer.from(m[4] ?? "", "base64");
  const key = Buffer.from(m[5] ?? "", "base64");
  if (salt.length < 8 || key.length < 32) return undefined;
  return { cost, salt, key };
}

/** Constant-time comparison; an unreadable stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.cost);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

const dummies = new Map<string, Promise<string>>();

/** A hash of nothing in particular at the current cost: unknown usernames are checked against it, so they take as long. */
export function dummyHash(): Promise<string> {
  const cost = activeCost;
  const k = `${cost.N},${cost.r},${cost.p}`;
  let h = dummies.get(k);
  if (!h) {
    h = hashPassword(randomBytes(16).toString("hex"), cost);
    dummies.set(k, h);
  }
  return h;
}

/** A random password for the first admin when none is configured (~120 bits, easy to copy). */
export function randomPassword(): string {
  return randomBytes(15).toString("base64url");
}
