/** Site toggles, the daily USD-to-TND rate and the manual payment instructions. Saved with a bumped catalog
 * revision so storefront sync picks them up. */
import type { PaymentInstructions, Rate, Toggles } from "@store/shared/schemas/catalog";
import type { RateUpdate, TogglesUpdate } from "@store/shared/schemas/admin";
import type { Db } from "../../db/client.ts";
import type { CatalogRepo } from "../catalog/catalog.repo.ts";
import type { SettingsRepo } from "./settings.repo.ts";

export class SettingsService {
  constructor(
    private readonly db: Db,
    private readonly repo: SettingsRepo,
    private readonly catalog: CatalogRepo,
    private readonly now: () => number = Date.now,
  ) {}

  toggles(): Toggles {
    return this.repo.toggles();
  }

  rate(): Rate {
    return this.repo.rate();
  }

  /** Absent toggles keep their value. */
  saveToggles(input: TogglesUpdate): Toggles {
    const t = this.now();
    return this.db.transaction((tx) => {
      const next: Toggles = { ...this.repo.toggles(), ...input };
      const rev = this.catalog.bumpRev(tx);
      this.repo.write(tx, "toggles", next, rev, t);
      return next;
    });
  }

  paymentInstructions(): PaymentInstructions {
    return this.repo.paymentInstructions();
  }

  savePaymentInstructions(input: PaymentInstructions): PaymentInstructions {
    const t = this.now();
    this.db.transaction((tx) => {
      const rev = this.catalog.bumpRev(tx);
      this.repo.write(tx, "paymentInstructions", input, rev, t);
    });
    return input;
  }

  saveRate(input: RateUpdate): Rate {
    const t = this.now();
    const rate: Rate = { usdToTnd: input.usdToTnd, updatedAt: t };
    this.db.transaction((tx) => {
      const rev = this.catalog.bumpRev(tx);
      this.repo.write(tx, "rate", rate, rev, t);
    });
    return rate;
  }
}
