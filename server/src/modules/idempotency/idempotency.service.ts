/** Idempotency keys (Idempotency-Key header): the first answer to a key is stored in the same transaction
 * as the change it reports, and a replay gets it back instead of a second change. A replay with a
 * different body is refused (409). Reusable by any mutation: see IdempotencyService.runIn().
 *
 * Stored responses may carry secrets (the checkout's private order link), so the row keeps only a hash of
 * the key, and the body is encrypted with a key derived from the Idempotency-Key itself: the database alone
 * cannot reveal it, and the client that holds the key can replay. */
import { createHash, createSecretKey, type KeyObject } from "node:crypto";
import type { DataLayer, Tx } from "../../db/data.ts";
import { ERROR_CODES } from "@store/shared/schemas/error-codes";
import { ConflictError, problem } from "../../http/errors.ts";
import { openAesGcm, sealAesGcm } from "../../lib/aes-gcm.ts";
import type { IdempotencyRepo } from "./idempotency.repo.ts";

const IDEMPOTENCY_MISMATCH = "This request was already submitted with different details. Please try again.";
const IDEMPOTENCY_IN_PROGRESS = "This request is still being processed. Please try again in a moment.";

export interface StoredResponse {
  status: number;
  body: unknown;
}

/** The body's AES key, derived from the Idempotency-Key. */
function bodyKey(key: string): KeyObject {
  return createSecretKey(createHash("sha256").update(`idempotency-body:${key}`).digest());
}

/** Stored as base64 of iv | tag | ciphertext, with no context (the key itself is specific to the request). */
function seal(key: string, plaintext: string): string {
  return sealAesGcm(bodyKey(key), plaintext).toString("base64");
}

function open(key: string, sealed: string): string {
  return openAesGcm(bodyKey(key), Buffer.from(sealed, "base64"));
}

export class IdempotencyService {
  constructor(
    private readonly data: DataLayer,
    private readonly repo: IdempotencyRepo,
    private readonly clock: () => number = Date.now,
  ) {}

  private id(scope: string, key: string): string {
    return createHash("sha256").update(`${scope}\n${key}`).digest("hex");
  }

  /** The stored answer for this key, undefined if none; a different request under the key is a 409. */
  async find(tx: Tx, scope: string, key: string, fingerprint: string): Promise<StoredResponse | undefined> {
    const row = await this.repo.find(tx, this.id(scope, key));
    if (!row) return undefined;
    if (row.requestHash !== fingerprint || row.scope !== scope)
      throw new ConflictError(problem(IDEMPOTENCY_MISMATCH, ERROR_CODES.idempotencyMismatch));
    // Claimed but not answered yet: the same request is still running (status 0 is never an answer).
    if (row.status === 0) {
      throw new ConflictError(problem(IDEMPOTENCY_IN_PROGRESS, ERROR_CODES.idempotencyInProgress));
    }
    return { status: row.status, body: JSON.parse(open(key, row.body)) as unknown };
  }

  /** Reserves the key for this request inside `tx`: undefined when this request goes ahead (store its answer
   * with complete(), or release() it), or the answer stored by an earlier request with the key. Two requests
   * with one key at the same moment: the second waits for the first's transaction, then gets its answer. */
  async claim(tx: Tx, scope: string, key: string, fingerprint: string): Promise<StoredResponse | undefined> {
    // Inserted first: a new key (the usual case) costs one statement; a key seen before is then read.
    const row = {
      key: this.id(scope, key),
      scope,
      requestHash: fingerprint,
      status: 0,
      body: "",
      createdAt: this.clock(),
    };
    if (await this.repo.claim(tx, row)) return undefined;
    const first = await this.find(tx, scope, key, fingerprint);
    if (!first) throw new ConflictError(problem(IDEMPOTENCY_MISMATCH, ERROR_CODES.idempotencyMismatch));
    return first;
  }

  async complete(tx: Tx, scope: string, key: string, response: StoredResponse): Promise<void> {
    await this.repo.complete(tx, this.id(scope, key), response.status, seal(key, JSON.stringify(response.body)));
  }

  async release(tx: Tx, scope: string, key: string): Promise<void> {
    await this.repo.release(tx, this.id(scope, key));
  }

  /** Runs `work` in the caller's transaction `tx` with the key: a replay returns the stored answer without
   * running it. Without a key it simply runs `work`. `work` may store its answer itself with `answer`, alongside
   * its last statements (one round trip for them on PostgreSQL); otherwise it is stored once `work` has returned
   * it. A thrown error stores nothing. */
  async runIn<T extends StoredResponse>(
    tx: Tx,
    scope: string,
    key: string | undefined,
    fingerprint: string,
    work: (tx: Tx, answer: (response: T) => Promise<void>) => Promise<T>,
  ): Promise<{ response: StoredResponse; replayed: boolean } | { response: T; replayed: false }> {
    if (key !== undefined) {
      const stored = await this.claim(tx, scope, key, fingerprint);
      if (stored) return { response: stored, replayed: true };
    }
    let answered = false;
    const answer = (response: T): Promise<void> => {
      answered = true;
      return key === undefined ? Promise.resolve() : this.complete(tx, scope, key, response);
    };
    const response = await work(tx, answer);
    if (!answered) await answer(response);
    return { response, replayed: false as const };
  }

  /** Forgets keys older than `maxAgeMs` (a week covers retries and offline admin replays, docs/decisions.md D17). */
  prune(maxAgeMs = 7 * 24 * 3600_000): Promise<number> {
    return this.data.transaction((tx) => this.repo.deleteOlderThan(tx, this.clock() - maxAgeMs));
  }
}
