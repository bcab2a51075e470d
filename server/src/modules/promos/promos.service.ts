/** Promo rules. Exports: PromosService with list(), create({code, percent, active, expiresAt?, maxUses?}), update(code, {percent?,
 * active?, version?}), remove(code), validate(code) -> {code, percent}, normalizeCode(code). */
import type { Promo, PromoUpdate, PromoValidateResponse } from "@store/shared/schemas/promos";
import { PROMO_INVALID } from "@store/shared/schemas/promos";
import type { DataLayer } from "../../db/data.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../http/errors.ts";
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
    if (!code) throw new ValidationError("Promo code is required", { code: "Promo code is required" });
    if (!Number.isInteger(input.percent) || input.percent < 1 || input.percent > 100) {
      throw new ValidationError("Percent must be a whole number from 1 to 100", {
        percent: "Percent must be a whole number from 1 to 100",
      });
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
      if (!(await this.repo.insert(tx, row, now))) throw new ConflictError(`The promo code ${code} already exists.`);
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
      if (changed === 0) throw new ConflictError("This promo code was changed by someone else.", { current });
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
    if (!promo || !promoWorks(promo, this.clock())) throw new ValidationError(PROMO_INVALID);
    return { code: promo.code, percent: promo.percent };
  }
}
