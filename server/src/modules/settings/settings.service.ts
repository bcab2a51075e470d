/** Site toggles, the daily USD-to-TND rate, the manual payment instructions and the
 * manual delivery time. Saved with a bumped catalog
 * revision so storefront sync picks them up. */
import type { ManualDelivery, OrderLimits, PaymentInstructions, Rate, Toggles } from "@store/shared/schemas/catalog";
import type { RateUpdate, TogglesUpdate } from "@store/shared/schemas/admin";
import type { DataLayer, Tx } from "../../db/data.ts";
import { MANUAL_DELIVERY_HOURS_KEY, ORDER_LIMITS_KEY, type SettingsRepo } from "./settings.repo.ts";

/** What settings need of the catalog: a new revision for each change (CatalogVersions gives it), declared here so
 * that settings do not import the catalog module, which imports settings. */
export interface CatalogRevisions {
  bumpRev(tx: Tx): Promise<number>;
}

export class SettingsService {
  constructor(
    private readonly data: DataLayer,
    private readonly repo: SettingsRepo,
    private readonly versions: CatalogRevisions,
    private readonly now: () => number = Date.now,
  ) {}

  toggles(): Promise<Toggles> {
    return this.data.read((tx) => this.repo.toggles(tx));
  }

  rate(): Promise<Rate> {
    return this.data.read((tx) => this.repo.rate(tx));
  }

  /** Absent toggles keep their value. */
  saveToggles(input: TogglesUpdate): Promise<Toggles> {
    const t = this.now();
    return this.data.transaction(async (tx) => {
      const next: Toggles = { ...(await this.repo.toggles(tx)), ...input };
      const rev = await this.versions.bumpRev(tx);
      await this.repo.write(tx, "toggles", next, rev, t);
      return next;
    });
  }

  paymentInstructions(): Promise<PaymentInstructions> {
    return this.data.read((tx) => this.repo.paymentInstructions(tx));
  }

  async savePaymentInstructions(input: PaymentInstructions): Promise<PaymentInstructions> {
    await this.saveSynced("paymentInstructions", input);
    return input;
  }

  /** Writes one setting with a new catalog revision, so the storefront's next sync brings it. */
  private async saveSynced(key: string, value: unknown, t = this.now()): Promise<void> {
    await this.data.transaction(async (tx) => {
      const rev = await this.versions.bumpRev(tx);
      await this.repo.write(tx, key, value, rev, t);
    });
  }

  async manualDelivery(): Promise<ManualDelivery> {
    return { hours: await this.data.read((tx) => this.repo.manualDeliveryHours(tx)) };
  }

  async saveManualDelivery(input: ManualDelivery): Promise<ManualDelivery> {
    await this.saveSynced(MANUAL_DELIVERY_HOURS_KEY, input.hours);
    return input;
  }

  orderLimits(): Promise<OrderLimits> {
    return this.data.read((tx) => this.repo.orderLimits(tx));
  }

  /** Synced like the others: the storefront caps its quantity inputs at the per-order limit. */
  async saveOrderLimits(input: OrderLimits): Promise<OrderLimits> {
    await this.saveSynced(ORDER_LIMITS_KEY, input);
    return input;
  }

  async saveRate(input: RateUpdate): Promise<Rate> {
    const t = this.now();
    const rate: Rate = { usdToTnd: input.usdToTnd, updatedAt: t };
    await this.saveSynced("rate", rate, t);
    return rate;
  }
}
