/** Catalog reading rules: incremental sync for the storefront's local copy, and the spec's lists. */
import type { SyncResponse } from "@store/shared/schemas/catalog";
import type { CatalogRepo } from "./catalog.repo.ts";
import type { SettingsRepo } from "../settings/settings.repo.ts";

export class CatalogService {
  constructor(
    private readonly repo: CatalogRepo,
    private readonly settings: SettingsRepo,
  ) {}

  currentVersion(): number {
    return this.repo.currentRev();
  }

  /** Changes after `since`; since=0 (or a version from the future, e.g. after a reset) is a full copy. */
  changesSince(since: number): SyncResponse {
    const version = this.repo.currentRev();
    const full = since <= 0 || since > version;
    const from = full ? 0 : since;
    if (!full && from === version) {
      return {
        version,
        full,
        products: [],
        categories: [],
        banners: [],
        deleted: { products: [], categories: [], banners: [] },
        settings: null,
      };
    }
    return {
      version,
      full,
      products: this.repo.productsChangedSince(from),
      categories: this.repo.categoriesChangedSince(from),
      banners: this.repo.bannersChangedSince(from),
      deleted: full ? { products: [], categories: [], banners: [] } : this.repo.deletionsSince(from),
      settings: full || this.repo.settingsChangedSince(from) ? this.settings.storeSettings() : null,
    };
  }
}
