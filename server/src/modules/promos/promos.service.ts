/** Promo rules. Exports: PromosService with list(), create({code, percent, active, expiresAt?, maxUses?}), update(code, {percent?,
 * active?, version?}), remove(code), validate(code) -> {code, percent}, normalizeCode(code). */
import type { Promo, PromoUpdate, PromoValidateResponse } from "@store/shared/schemas/promos";
import { PROMO_INVALID } from "@store/shared/schemas/promos";
import type { DataLayer } from "../../db/data.ts";
import { ERROR_CODES, FIELD_ERROR_CODES } from "@store/shared/schemas/error-codes";
import {
  ConflictError,
  EditConflictError,
  NotFoundError,
  ValidationError,
  fieldRefusal,
  problem,
} from "../../http/errors.ts";
import { promoWorks, type PromosRepo } from "./promos.repo.ts";

export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

export class PromosService {
  constructor(
    private readonly data: DataLayer,
    private readonly repo: PromosRepo,
    private readonly clock: () => number = Date.now,
  ) {}

  list(): Promise<Promo[]> {
    return this.data.read((tx) => this.repo.list(tx));
  }

  async create(input: {
    code: string;
    percent: number;
    active?: boolean;
    expiresAt?: number | null;
    maxUses?: number | null;
  }): Promise<Promo> {
    const code = normalizeCode(input.code);
    if (!code) throw fieldRefusal("code", problem("Promo code is required", FIELD_ERROR_CODES.required));
    if (!Number.isInteger(input.percent) || input.percent < 1 || input.percent > 100) {
      const outOfRange = problem("Percent must be a whole number from 1 to 100", FIELD_ERROR_CODES.between, {
        min: 1,
        max: 100,
      });
      throw fieldRefusal("percent", outOfRange);
    }
    const promo = await this.data.transaction(async (tx) => {
      const now = this.clock();
      const row = {
        code,
        percent: input.percent,
        active: input.active ?? true,
        expiresAt: input.expiresAt ?? null,
        maxUses: input.maxUses ?? null,
      };
      if (!(await this.repo.insert(tx, row, now))) {
        const taken = problem(`The promo code ${code} already exists.`, ERROR_CODES.promoCodeTaken, { code });
        throw new ConflictError(taken, undefined, undefined, { code: taken });
      }
      return this.repo.get(tx, code);
    });
    if (!promo) throw new NotFoundError("Promo code not found");
    return promo;
  }

  async get(code: string): Promise<Promo> {
    const promo = await this.data.read((tx) => this.repo.get(tx, normalizeCode(code)));
    if (!promo) throw new NotFoundError("Promo code not found");
    return promo;
  }

  update(code: string, patch: PromoUpdate): Promise<Promo> {
    const normalized = normalizeCode(code);
    const { version, ...fields } = patch;
    return this.data.transaction(async (tx) => {
      const changed = await this.repo.update(tx, normalized, fields, version, this.clock());
      const current = await this.repo.get(tx, normalized);
      if (!current) throw new NotFoundError("Promo code not found");
      if (changed === 0) {
        throw new EditConflictError("This promo code was changed by someone else.", current);
      }
      return current;
    });
  }

  async remove(code: string): Promise<void> {
    const removed = await this.data.transaction((tx) => this.repo.remove(tx, normalizeCode(code)));
    if (removed === 0) throw new NotFoundError("Promo code not found");
  }

  /** The storefront's check; the checkout re-checks and counts the use atomically (PromosRepo.redeem). */
  async validate(code: string): Promise<PromoValidateResponse> {
    const promo = await this.data.read((tx) => this.repo.get(tx, normalizeCode(code)));
    if (!promo || !promoWorks(promo, this.clock())) {
      throw new ValidationError(problem(PROMO_INVALID, ERROR_CODES.promoInvalid));
    }
    return { code: promo.code, percent: promo.percent };
  }
}
