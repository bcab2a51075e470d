/** The settings the settings tabs edit whole: where each is read and saved, the outbox entity an offline save waits
 * under, and its value before it loads. */
import {
  DEFAULT_MANUAL_DELIVERY_HOURS,
  DEFAULT_ORDER_LIMITS,
  DEFAULT_TOGGLES,
  NO_PAYMENT_INSTRUCTIONS,
  type ManualDelivery,
  type OrderLimits,
  type PaymentInstructions,
  type Toggles,
} from "@store/shared/schemas/catalog";
import { DEFAULT_ALERT_SETTINGS, type AlertSettings } from "@store/shared/schemas/operator-alerts";
import * as api from "../../../api/admin-endpoints.ts";
import type { SettingEndpoints } from "../../../api/admin-endpoints.ts";

/** Where a setting lives and what it is before it loads. */
export interface SettingSource<T> {
  /** Its read and its save in the admin API (a save may send part of it; the form sends it whole). */
  api: SettingEndpoints<T, Partial<T>>;
  /** The outbox entity an offline save waits under. */
  entity: string;
  initial: T;
}

export const SETTINGS: {
  toggles: SettingSource<Toggles>;
  paymentInstructions: SettingSource<PaymentInstructions>;
  manualDelivery: SettingSource<ManualDelivery>;
  orderLimits: SettingSource<OrderLimits>;
  alerts: SettingSource<AlertSettings>;
} = {
  toggles: { api: api.settings.toggles, entity: "settings.toggles", initial: DEFAULT_TOGGLES },
  paymentInstructions: {
    api: api.settings.paymentInstructions,
    entity: "settings.paymentInstructions",
    initial: NO_PAYMENT_INSTRUCTIONS,
  },
  manualDelivery: {
    api: api.settings.manualDelivery,
    entity: "settings.manualDelivery",
    initial: { hours: DEFAULT_MANUAL_DELIVERY_HOURS },
  },
  orderLimits: { api: api.settings.orderLimits, entity: "settings.orderLimits", initial: DEFAULT_ORDER_LIMITS },
  alerts: { api: api.settings.alerts, entity: "settings.alerts", initial: DEFAULT_ALERT_SETTINGS },
};
