/** The block list (docs/decisions.md D37): entries by email, email domain, client address range (IPv4/IPv6 CIDR)
 * or phone calling code. The checkout asks check() in its guard: each instance keeps the list in memory with the
 * version it read (block_list_state, bumped by every change), reads that version again at most once a second
 * (a change on another instance is seen within a second, one on this instance at once), and reads the list only
 * when the version moved. A refused checkout is written down (when, what matched, the order's email, address and
 * phone) in the guard's transaction, whose writes are kept whatever the order does. */
import net from "node:net";
import { FIELD_ERROR_CODES, ERROR_CODES } from "@store/shared/schemas/error-codes";
import type { BlockEntry, BlockEntryCreate, BlockKind, BlockListResponse } from "@store/shared/schemas/block-list";
import type { DataLayer, Tx } from "../../db/data.ts";
import { ConflictError, NotFoundError, fieldRefusal, problem } from "../../http/errors.ts";
import { newId, newTimeOrderedId } from "../../lib/ids.ts";
import type { BlockListRepo } from "./block-list.repo.ts";

/** How long an instance trusts its copy of the list before reading the version again. */
const REFRESH_MS = 1_000;
/** Refused attempts listed in the console. */
const RECENT_ATTEMPTS = 50;

export interface CheckedOrder {
  email: string;
  /** The client address the checkout counted (clientAddress). */
  address: string;
  phone: string;
}

/** An IPv4 address mapped into IPv6 (`::ffff:203.0.113.7`, what a dual-stack socket reports) as IPv4. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/** The digits of an international phone number (`+216 20 123 456`, `00216...`), or "" for a local one. */
export function internationalDigits(phone: string): string {
  const compact = phone.replace(/[\s()-]/g, "");
  if (compact.startsWith("+")) return compact.slice(1);
  if (compact.startsWith("00")) return compact.slice(2);
  return "";
}

/** An entry's value in its one stored form, or a 400 naming `value`. */
export function normalizeBlockValue(kind: BlockKind, raw: string): string {
  const value = raw.trim().toLowerCase();
  const refuse = () =>
    fieldRefusal("value", problem(`Not a valid ${kind} entry`, FIELD_ERROR_CODES.invalidBlockValue, { kind }));
  switch (kind) {
    case "email":
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) throw refuse();
      return value;
    case "domain": {
      const domain = value.replace(/^@/, "");
      if (!/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/.test(domain)) throw refuse();
      return domain;
    }
    case "cidr": {
      const [address = "", prefix, extra] = value.split("/");
      const family = net.isIP(plainAddress(address));
      const max = family === 4 ? 32 : 128;
      if (family === 0 || extra !== undefined || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) throw refuse();
      const bits = prefix === undefined ? max : Number(prefix);
      if (bits > max) throw refuse();
      return `${plainAddress(address)}/${bits}`;
    }
    case "country": {
      const digits = value.replace(/^(\+|00)/, "");
      if (!/^[1-9]\d{0,3}$/.test(digits)) throw refuse();
      return digits;
    }
  }
}

/** A listed entry as a test of one order. */
function matcher(entry: BlockEntry): (order: CheckedOrder) => boolean {
  switch (entry.kind) {
    case "email":
      return (o) => o.email.trim().toLowerCase() === entry.value;
    case "domain":
      return (o) => {
        const domain = o.email.trim().toLowerCase().split("@").pop() ?? "";
        return domain === entry.value || domain.endsWith(`.${entry.value}`);
      };
    case "cidr": {
      const [address = "", prefix = "0"] = entry.value.split("/");
      const family = net.isIP(address) === 4 ? "ipv4" : "ipv6";
      const range = new net.BlockList();
      range.addSubnet(address, Number(prefix), family);
      return (o) => {
        const a = plainAddress(o.address);
        const f = net.isIP(a);
        return f !== 0 && range.check(a, f === 4 ? "ipv4" : "ipv6");
      };
    }
    case "country":
      return (o) => internationalDigits(o.phone).startsWith(entry.value);
  }
}

interface Cached {
  version: number;
  entries: { entry: BlockEntry; matches: (order: CheckedOrder) => boolean }[];
  checkedAt: number;
}

export class BlockListService {
  private cached: Cached | undefined;
  private readonly clock: () => number;

  constructor(
    private readonly data: DataLayer,
    private readonly repo: BlockListRepo,
    options: { clock?: () => number } = {},
  ) {
    this.clock = options.clock ?? Date.now;
  }

  async list(): Promise<BlockListResponse> {
    return this.data.read(async (tx) => ({
      entries: await this.repo.list(tx),
      attempts: await this.repo.recentAttempts(tx, RECENT_ATTEMPTS),
    }));
  }

  async add(input: BlockEntryCreate, username: string): Promise<BlockEntry> {
    const entry: BlockEntry = {
      id: newId("blk"),
      kind: input.kind,
      value: normalizeBlockValue(input.kind, input.value),
      reason: input.reason,
      createdBy: username,
      createdAt: this.clock(),
    };
    const added = await this.data.transaction((tx) => this.repo.insert(tx, entry));
    if (!added)
      throw new ConflictError(
        problem("This entry is already on the block list", ERROR_CODES.blockEntryTaken, { kind: entry.kind }),
      );
    this.cached = undefined;
    return entry;
  }

  async remove(id: string): Promise<void> {
    const removed = await this.data.transaction((tx) => this.repo.remove(tx, id));
    if (removed === 0) throw new NotFoundError("Block-list entry not found");
    this.cached = undefined;
  }

  /** The entry that refuses `order`, written down as a refused attempt in `tx`; undefined when none does. */
  async check(tx: Tx, order: CheckedOrder): Promise<BlockEntry | undefined> {
    const now = this.clock();
    const { entries } = await this.current(tx, now);
    if (entries.length === 0) return undefined;
    const hit = entries.find((e) => e.matches(order))?.entry;
    if (hit)
      await this.repo.insertAttempt(tx, {
        id: newTimeOrderedId("bla", now),
        at: now,
        kind: hit.kind,
        value: hit.value,
        email: order.email,
        address: order.address,
        phone: order.phone,
      });
    return hit;
  }

  private async current(tx: Tx, now: number): Promise<Cached> {
    const cached = this.cached;
    if (cached && now - cached.checkedAt < REFRESH_MS) return cached;
    const version = await this.repo.version(tx);
    const entries =
      cached && cached.version === version
        ? cached.entries
        : (await this.repo.list(tx)).map((entry) => ({ entry, matches: matcher(entry) }));
    this.cached = { version, entries, checkedAt: now };
    return this.cached;
  }
}
