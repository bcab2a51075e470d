/** Site settings (toggles, daily rate, payment instructions, manual delivery time) stored as JSON values, stamped with the catalog
 * revision. Each method takes the transaction it runs in. */
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/data.ts";
import { prepared } from "../../db/prepared.ts";
import {
  DEFAULT_TOGGLES,
  NO_PAYMENT_INSTRUCTIONS,
  type PaymentInstructions,
  type Rate,
  type StoreSettings,
  type Toggles,
} from "@store/shared/schemas/catalog";
import { DEFAULT_RATES } from "@store/shared/currency";
import { alertSettingsSchema, DEFAULT_ALERT_SETTINGS, type AlertSettings } from "@store/shared/schemas/operator-alerts";
import { manualDeliveryHoursOf, orderLimitsOf, type OrderLimits } from "@store/shared/store-settings";

/** The code ids the demo seed's imports gave: all of them sort within [from, to). */
export interface DemoRange {
  from: string;
  to: string;
}

const ALERT_SETTINGS_KEY = "alertSettings";
const KEY_CHECK_KEY = "sealingKeyCheck";

/** The keys of the order limits' row and the manual delivery time's (CheckoutRepo reads both with its products). */
export const ORDER_LIMITS_KEY = "orderLimits";
export const MANUAL_DELIVERY_HOURS_KEY = "manualDeliveryHours";

/** One setting by key (the mail worker reads the manual delivery time for every confirmation it renders). */
const readStmt = prepared("settings_read", (db, { settings }) =>
  db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, sql.placeholder("key"))),
);

export class SettingsRepo {
  private async read<T>(tx: Tx, key: string): Promise<T | undefined> {
    const row = (await readStmt(tx).execute({ key }))[0];
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  async write(tx: Tx, key: string, value: unknown, rev: number, now: number): Promise<void> {
    const json = JSON.stringify(value);
    const { settings } = tx.t;
    await tx.db
      .insert(settings)
      .values({ key, value: json, rev, updatedAt: now })
      .onConflictDoUpdate({ target: settings.key, set: { value: json, rev, updatedAt: now } });
  }

  /** Where the demo seed's codes lie (written once, by the seed), for the dashboard's count of demo codes. */
  demoCodes(tx: Tx): Promise<DemoRange | undefined> {
    return this.read<DemoRange>(tx, "demoCodes");
  }

  async writeDemoCodes(tx: Tx, range: DemoRange, now: number): Promise<void> {
    // rev 0: no shopper's catalog reads this setting, so it must not make their sync think the settings changed.
    await this.write(tx, "demoCodes", range, 0, now);
  }

  /** The value the first instance sealed with the store's key (CodesService.checkKey), or undefined before it. */
  keyCheck(tx: Tx): Promise<string | undefined> {
    return this.read<string>(tx, KEY_CHECK_KEY);
  }

  /** Writes `sealed` as the key check unless one is there (another instance's, written first). rev 0, as above. */
  async claimKeyCheck(tx: Tx, sealed: string, now: number): Promise<void> {
    const { settings } = tx.t;
    await tx.db
      .insert(settings)
      .values({ key: KEY_CHECK_KEY, value: JSON.stringify(sealed), rev: 0, updatedAt: now })
      .onConflictDoNothing({ target: settings.key });
  }

  async toggles(tx: Tx): Promise<Toggles> {
    return { ...DEFAULT_TOGGLES, ...(await this.read<Partial<Toggles>>(tx, "toggles")) };
  }

  async rate(tx: Tx): Promise<Rate> {
    return (await this.read<Rate>(tx, "rate")) ?? { usdToTnd: DEFAULT_RATES.TND, updatedAt: null };
  }

  async paymentInstructions(tx: Tx): Promise<PaymentInstructions> {
    return {
      ...NO_PAYMENT_INSTRUCTIONS,
      ...(await this.read<Partial<PaymentInstructions>>(tx, "paymentInstructions")),
    };
  }

  async manualDeliveryHours(tx: Tx): Promise<number> {
    return manualDeliveryHoursOf(await this.read<unknown>(tx, MANUAL_DELIVERY_HOURS_KEY));
  }

  /** The operator's order limits (checkout reads them with its products, CheckoutRepo.pricing). */
  async orderLimits(tx: Tx): Promise<OrderLimits> {
    return orderLimitsOf(await this.read<unknown>(tx, ORDER_LIMITS_KEY));
  }

  /** The operator's alert settings (docs/decisions.md D48); a kind or channel never saved keeps its default. */
  async alertSettings(tx: Tx): Promise<AlertSettings> {
    const saved = alertSettingsSchema.safeParse(await this.read<unknown>(tx, ALERT_SETTINGS_KEY));
    return saved.success ? saved.data : DEFAULT_ALERT_SETTINGS;
  }

  async saveAlertSettings(tx: Tx, value: AlertSettings, now: number): Promise<void> {
    // rev 0: the storefront's sync never carries the operator's alert settings.
    await this.write(tx, ALERT_SETTINGS_KEY, value, 0, now);
  }

  async storeSettings(tx: Tx): Promise<StoreSettings> {
    return {
      maxQtyPerOrder: (await this.orderLimits(tx)).maxQtyPerOrder,
      toggles: await this.toggles(tx),
      rate: await this.rate(tx),
      paymentInstructions: await this.paymentInstructions(tx),
      manualDeliveryHours: await this.manualDeliveryHours(tx),
    };
  }
}
