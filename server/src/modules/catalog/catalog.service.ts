/** Catalog reading rules: incremental sync for the storefront's local copy, and the spec's lists. */
import type { Category, SyncResponse } from "@store/shared/schemas/catalog";
import type { DataLayer } from "../../db/data.ts";
import type { CatalogRepo } from "./catalog.repo.ts";
import type { SettingsRepo } from "../settings/settings.repo.ts";

/** A sync answer, or `notModified` when the client's ETag still names the current version. */
export type SyncResult = { etag: string; notModified: true } | { etag: string; notModified: false; body: SyncResponse };

export class CatalogService {
  constructor(
    private readonly data: DataLayer,
    private readonly repo: CatalogRepo,
    private readonly settings: SettingsRepo,
  ) {}

  /** Changes after `since`; since=0 (or a version from the future, e.g. after a reset) is a full copy. The
   * version and the changes come from one snapshot, so the version a client is given is the one its
   * changes were read at. */
  sync(since: number, ifNoneMatch: string | undefined): Promise<SyncResult> {
    return this.data.read(async (tx) => {
      const version = await this.repo.currentRev(tx);
      const etag = `W/"catalog-${since}-${version}"`;
      if (ifNoneMatch === etag) return { etag, notModified: true };
      const full = since <= 0 || since > version;
      const from = full ? 0 : since;
      const noDeletions = { products: [], categories: [], banners: [] };
      const unchanged = !full && from === version;
      const body: SyncResponse = unchanged
        ? { version, full, products: [], categories: [], banners: [], deleted: noDeletions, settings: null }
        : {
            version,
            full,
            products: await this.repo.productsChangedSince(tx, from),
            categories: await this.repo.categoriesChangedSince(tx, from),
            banners: await this.repo.bannersChangedSince(tx, from),
            deleted: full ? noDeletions : await this.repo.deletionsSince(tx, from),
            settings:
              full || (await this.repo.settingsChangedSince(tx, from)) ? await this.settings.storeSettings(tx) : null,
          };
      return { etag, notModified: false, body };
    });
  }

  listCategories(): Promise<Category[]> {
    return this.data.read((tx) => this.repo.listCategories(tx));
  }
}
