/** Keys of the local database's meta table (kept apart from db.ts, which loads Dexie). */
export const META = {
  catalogVersion: "catalogVersion",
  settings: "settings",
  etag: "syncEtag",
  syncedAt: "syncedAt",
  /** Where a paged sync stands while it walks the pages (docs/decisions.md D33); gone once it finished. */
  syncProgress: "syncProgress",
  /** The admin dashboard's last read metrics and recent orders, shown while offline. */
  adminMetrics: "adminMetrics",
  adminRecentOrders: "adminRecentOrders",
  /** The dashboard's last read orders and revenue per day, and its top products. */
  adminSales: "adminSales",
  adminTopProducts: "adminTopProducts",
  /** The product pictures the service worker fetched ahead, with their sizes (catalog-images.ts). */
  prefetchedImages: "prefetchedImages",
  /** The token of the last lines tapped before the app ran that the cart took in (features/cart/early-lines.ts). */
  earlyCartMoved: "earlyCartMoved",
} as const;
