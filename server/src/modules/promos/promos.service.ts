/** Promo rules. Exports: PromosService with list(), create({code, percent, active}), update(code, {percent?,
 * active?, version?}), remove(code), validate(code) -> {code, percent}, normalizeCode(code). */
import type { Promo, PromoUpdate, PromoValidateResponse } from "@store/shared/schemas/promos";
import { PROMO_INVALID } from "@store/shared/schemas/promos";
import { ConflictError, NotFoundError, ValidationError } from "../../http/errors.ts";
import type { PromosRepo } from "./promos.repo.ts";

export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

export class PromosService {
  constructor(
    private readonly repo: PromosRepo,
    private readonly clock: () => number = Date.now,
  ) {}

  list(): Promo[] {
    return this.repo.list();
  }

  create(input: { code: string; percent: number; active?: boolean }): Promo {
    const code = normalizeCode(input.code);
    if (!code) throw new ValidationError("Promo code is required", { code: "Promo code is required" });
    if (!Number.isInteger(input.percent) || input.percent < 1 || input.percent > 100) {
      throw new ValidationError("Percent must be a whole number from 1 to 100", {
        percent: "Percent must be a whole number from 1 to 100",
      });
    }
    if (!this.repo.insert({ code, percent: input.percent, active: input.active ?? true }, this.clock())) {
      throw new ConflictError(`The promo code ${code} already exists.`);
    }
    return this.get(code);
  }

  get(code: string): Promo {
    const promo = this.repo.get(normalizeCode(code));
    if (!promo) throw new NotFoundError("Promo code not found");
    return promo;
  }

  update(code: string, patch: PromoUpdate): Promo {
    const normalized = normalizeCode(code);
    const { version, ...fields } = patch;
    const changed = this.repo.update(normalized, fields, version, this.clock());
    if (changed === 0) {
      const current = this.repo.get(normalized);
      if (!current) throw new NotFoundError("Promo code not found");
      throw new ConflictError("This promo code was changed by someone else.", { current });
    }
    return this.get(normalized);
  }

  remove(code: string): void {
    if (this.repo.remove(normalizeCode(code)) === 0) throw new NotFoundError("Promo code not found");
  }

  /** The storefront's check; the checkout re-checks and counts the use atomically (PromosRepo.redeem). */
  validate(code: string): PromoValidateResponse {
    const promo = this.repo.get(normalizeCode(code));
    if (!promo || !promo.active) throw new ValidationError(PROMO_INVALID);
    return { code: promo.code, percent: promo.percent };
  }
}
