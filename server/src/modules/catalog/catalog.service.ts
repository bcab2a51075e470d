/** Catalog reading rules: incremental sync for the storefront's local copy, and the category list; both
 * answered from bytes built once per catalog version (docs/decisions.md D27). */
import type { SyncResponse } from "@store/shared/schemas/catalog";
import type { DataLayer } from "../../db/data.ts";
import { encodeAnswer, type EncodedAnswer } from "../../http/encoded-answer.ts";
import { FreshRead } from "../../lib/fresh-read.ts";
import { VersionedCache } from "../../lib/versioned-cache.ts";
import type { CatalogRepo } from "./catalog.repo.ts";
import type { SettingsRepo } from "../settings/settings.repo.ts";

const JSON_TYPE = "application/json; charset=utf-8";

/** Delta answers kept per version: one per `since` a client asks from (clients a few edits behind). */
const MAX_CACHED_ANSWERS = 64;

export class CatalogService {
  constructor(
    private readonly data: DataLayer,
    private readonly repo: CatalogRepo,
    private readonly settings: SettingsRepo,
  ) {}

  private readonly answers = new VersionedCache<EncodedAnswer>(MAX_CACHED_ANSWERS);
  private readonly currentVersion = new FreshRead(() => this.data.read((tx) => this.repo.currentRev(tx)));

  /** The catalog's version, as every instance sees it (a row of the database, bumped by each catalog edit), read
   * after the request arrived; requests arriving together share the read. */
  version(): Promise<number> {
    return this.currentVersion.get();
  }

  /** The sync answer from `since`, encoded, with its ETag; built once per catalog version and `since`. */
  async syncAnswer(since: number): Promise<EncodedAnswer> {
    const version = await this.version();
    const from = since <= 0 || since > version ? "full" : String(since);
    return this.answers.get(version, `sync:${from}`, async () => {
      const body = await this.sync(since);
      const etag = `W/"catalog-${from === "full" ? "full" : since}-${body.version}"`;
      return { version: body.version, value: encodeAnswer(JSON.stringify(body), JSON_TYPE, etag) };
    });
  }

  /** The category list as the storefront reads it, encoded; built once per catalog version. */
  async categoriesAnswer(): Promise<EncodedAnswer> {
    return this.answers.get(await this.version(), "categories", () =>
      this.data.read(async (tx) => {
        const version = await this.repo.currentRev(tx);
        const list = (await this.repo.listCategories(tx)).map(({ id, name, slug, parentId }) => ({
          id,
          name,
          slug,
          parentId,
        }));
        const etag = `W/"categories-${version}"`;
        return { version, value: encodeAnswer(JSON.stringify(list), JSON_TYPE, etag) };
      }),
    );
  }

  /** Changes after `since`; since=0 (or a version from the future, e.g. after a reset) is a full copy. The
   * version and the changes come from one snapshot, so the version a client is given is the one its
   * changes were read at. */
  sync(since: number): Promise<SyncResponse> {
    return this.data.read(async (tx) => {
      const version = await this.repo.currentRev(tx);
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
      return body;
    });
  }
}
