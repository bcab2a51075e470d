/** Keys of the local database's meta table (kept apart from db.ts, which loads Dexie). */
export const META = {
  catalogVersion: "catalogVersion",
  settings: "settings",
  etag: "syncEtag",
  syncedAt: "syncedAt",
  /** The admin dashboard's last read metrics and recent orders, shown while offline. */
  adminMetrics: "adminMetrics",
  adminRecentOrders: "adminRecentOrders",
  /** The dashboard's last read orders and revenue per day and top products. */
  adminSales: "adminSales",
} as const;
