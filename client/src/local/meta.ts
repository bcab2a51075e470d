/** Keys of the local database's meta table (kept apart from db.ts, which loads Dexie). */
export const META = {
  catalogVersion: "catalogVersion",
  settings: "settings",
  etag: "syncEtag",
  syncedAt: "syncedAt",
} as const;
