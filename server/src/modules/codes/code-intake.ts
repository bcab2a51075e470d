/** Codes entering the store (docs/decisions.md D10): each sealed (AES-256-GCM, bound to its product) and hashed (for
 * duplicates) the one way, whether an operator imports them into stock or types them to fulfil a manual order.
 * Exports: codeRefusal(code), codeId(now, rank), CodeIntake with hash(code), rows(...) (the rows to insert) and sellTyped(tx, ...) (the codes typed for
 * an order's line, stored sold with it). */
import { MAX_CODE_LENGTH, type CodeStatus } from "@store/shared/schemas/stock";
import type { Tx } from "../../db/data.ts";
import type { Sealer } from "../../lib/sealer.ts";
import { newId } from "../../lib/ids.ts";
import type { CodesRepo, NewCodeValues } from "./codes.repo.ts";

// Control characters (tabs and line breaks included) never belong in a code.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Why a code (trimmed, not blank) cannot be stored, whoever gives it: an import's line or a code the operator typed to
 * fulfil an order. */
export function codeRefusal(code: string): "too_long" | "invalid_characters" | undefined {
  if ([...code].length > MAX_CODE_LENGTH) return "too_long";
  if (CONTROL.test(code)) return "invalid_characters";
  return undefined;
}

/** Code ids sort in import order (time, then the line's rank), so stock is sold first in, first out and listed
 * newest first by id; a random tail keeps them unguessable. */
function codeId(now: number, rank: number): string {
  return `${codeIdFloor(now)}${rank.toString(36).padStart(4, "0")}${newId("", 8).slice(1)}`;
}

/** Every id codeId gives at `now` or later sorts at or after this one (the demo seed's codes are told apart by it). */
export function codeIdFloor(now: number): string {
  return `c${now.toString(36).padStart(9, "0")}`;
}

/** Codes typed for one order line. */
export interface TypedLine {
  orderLineId: number;
  productId: string;
  variantId: string | null;
  codes: readonly string[];
}

export class CodeIntake {
  constructor(
    private readonly repo: CodesRepo,
    private readonly sealer: Sealer,
  ) {}

  hash(code: string): string {
    return this.sealer.hash(code);
  }

  /** The rows for codes of one product (and option), in their order; `hash` as hash() gave it. `firstRank` follows
   * the rows already made at `now`, so ids stay unique and in order. */
  rows(
    productId: string,
    variantId: string | null,
    codes: readonly { code: string; hash: string }[],
    status: CodeStatus,
    now: number,
    firstRank = 0,
  ): NewCodeValues[] {
    return codes.map((c, i) => ({
      id: codeId(now, firstRank + i),
      productId,
      variantId,
      sealed: this.sealer.seal(c.code, productId),
      hash: c.hash,
      status,
      createdAt: now,
      updatedAt: now,
    }));
  }

  /** Which of these codes (by line) the product already holds, in stock or sold: the typed codes that must be
   * refused. */
  async alreadyStored<L extends TypedLine>(tx: Tx, lines: readonly L[]): Promise<{ line: L; code: string }[]> {
    const out: { line: L; code: string }[] = [];
    for (const line of lines) {
      const hashes = new Map(line.codes.map((code) => [this.hash(code), code]));
      const existing = await this.repo.existingHashes(tx, line.productId, [...hashes.keys()]);
      for (const [hash, code] of hashes) if (existing.has(hash)) out.push({ line, code });
    }
    return out;
  }

  /** Stores the typed codes sold with their order's lines, in the caller's transaction. Answers false, when a code
   * arrived in the product's stock meanwhile (a concurrent import): the caller then rolls the transaction back. */
  async sellTyped(tx: Tx, orderId: string, lines: readonly TypedLine[], now: number): Promise<boolean> {
    let rank = 0;
    for (const line of lines) {
      const rows = this.rows(
        line.productId,
        line.variantId,
        line.codes.map((code) => ({ code, hash: this.hash(code) })),
        "sold",
        now,
        rank,
      );
      rank += rows.length;
      const inserted = await this.repo.insertMany(tx, rows);
      if (inserted.size !== rows.length) return false;
      await this.repo.attachSold(
        tx,
        rows.flatMap((r) => (r.id === null ? [] : [r.id])),
        { orderId, orderLineId: line.orderLineId, now },
      );
    }
    return true;
  }
}
