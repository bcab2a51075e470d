/** Site settings (toggles, daily rate, payment instructions) stored as JSON values, stamped with the catalog
 * revision. */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { settings } from "../../db/schema/index.ts";
import {
  DEFAULT_TOGGLES,
  NO_PAYMENT_INSTRUCTIONS,
  type PaymentInstructions,
  type Rate,
  type StoreSettings,
  type Toggles,
} from "@store/shared/schemas/catalog";
import { DEFAULT_RATES } from "@store/shared/currency";

export class SettingsRepo {
  constructor(private readonly db: Db) {}

  private read<T>(key: string): T | undefined {
    const row = this.db.select().from(settings).where(eq(settings.key, key)).get();
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  write(tx: Db, key: string, value: unknown, rev: number, now: number): void {
    const json = JSON.stringify(value);
    tx.insert(settings)
      .values({ key, value: json, rev, updatedAt: now })
      .onConflictDoUpdate({ target: settings.key, set: { value: json, rev, updatedAt: now } })
      .run();
  }

  toggles(): Toggles {
    return { ...DEFAULT_TOGGLES, ...this.read<Partial<Toggles>>("toggles") };
  }

  rate(): Rate {
    return this.read<Rate>("rate") ?? { usdToTnd: DEFAULT_RATES.TND, updatedAt: null };
  }

  paymentInstructions(): PaymentInstructions {
    return { ...NO_PAYMENT_INSTRUCTIONS, ...this.read<Partial<PaymentInstructions>>("paymentInstructions") };
  }

  storeSettings(): StoreSettings {
    return { toggles: this.toggles(), rate: this.rate(), paymentInstructions: this.paymentInstructions() };
  }
}
