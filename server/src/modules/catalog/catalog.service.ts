/** Catalog reading rules: incremental sync for the storefront's local copy, and the category list; both
 * answered from bytes built once per catalog version (docs/decisions.md D27). */
import { compactSync } from "@store/shared/compact-sync";
import { HOME_SECTION_SIZE, SYNC_PAGE_SIZE, type Product, type SyncResponse } from "@store/shared/schemas/catalog";
import type { DataLayer } from "../../db/data.ts";
import { encodeAnswer, type EncodedAnswer } from "../../http/encoded-answer.ts";
import { FreshRead } from "../../lib/fresh-read.ts";
import { VersionedCache } from "../../lib/versioned-cache.ts";
import type { CatalogRepo } from "./catalog.repo.ts";
import type { CatalogVersions } from "./catalog-versions.repo.ts";
import type { SettingsRepo } from "../settings/settings.repo.ts";

const JSON_TYPE = "application/json; charset=utf-8";

/** An answer's text, its products whole or compact (`compact=1`, shared/src/compact-sync.ts); the two forms are
 * kept apart in the cache and by their ETags (`-c` after the kind), so a client never gets one for the other. */
function answerText(body: SyncResponse, compact: boolean): string {
  return JSON.stringify(compact ? compactSync(body) : body);
}

/** The first screen's answer as a page carries it: compact, as /api/first answers the boot script. */
export const firstScreenText = (body: SyncResponse): string => answerText(body, true);

/** Sync answers kept per version: one per `since`, page and form (whole or compact) a client asks for (a
 * 50,000-product catalog's full copy is 50 pages; clients a few edits behind ask for their own deltas). */
const MAX_CACHED_ANSWERS = 256;
/** First-screen answers kept per version: the home's and one per product page opened first. */
const MAX_CACHED_FIRST = 1000;

export interface SyncPage {
  /** The product id the page starts after (the previous page's `next`); none for the first page. */
  after?: string;
  limit?: number;
}

export class CatalogService {
  constructor(
    private readonly data: DataLayer,
    private readonly repo: CatalogRepo,
    private readonly versions: CatalogVersions,
    private readonly settings: SettingsRepo,
  ) {}

  private readonly answers = new VersionedCache<EncodedAnswer>(MAX_CACHED_ANSWERS);
  private readonly currentVersion = new FreshRead(
    () => this.data.readCatalog(0, (tx) => this.versions.currentRev(tx)),
    () => this.data.changeStamp(),
  );

  /** The catalog's version, as every instance sees it (a row of the database, bumped by each catalog edit), read
   * after the request arrived; requests arriving together share the read. At least `atLeast` (the version the
   * client has) unless the primary itself is older (a reset): a read replica behind the client is not asked. */
  async version(atLeast = 0): Promise<number> {
    const version = await this.currentVersion.get();
    return version >= atLeast ? version : this.data.readCatalog(atLeast, (tx) => this.versions.currentRev(tx));
  }

  private readonly firstAnswers = new VersionedCache<EncodedAnswer>(MAX_CACHED_FIRST);

  /** The sync answer from `since` (one page of it), encoded, with its ETag; built once per catalog version,
   * `since`, page and form (whole or compact products). */
  async syncAnswer(since: number, page: SyncPage = {}, compact = false): Promise<EncodedAnswer> {
    const version = await this.version(since);
    const from = since <= 0 || since > version ? "full" : String(since);
    const limit = page.limit ?? SYNC_PAGE_SIZE;
    const pageKey = page.after === undefined && limit === SYNC_PAGE_SIZE ? "" : `-${limit}-${page.after ?? ""}`;
    const kind = compact ? "catalog-c" : "catalog";
    return this.answers.get(version, `${kind}:${from}${pageKey}`, async () => {
      const body = await this.sync(since, page, version);
      const etag = `W/"${kind}-${from}-${body.version}${encodeURIComponent(pageKey)}"`;
      return { version: body.version, value: encodeAnswer(answerText(body, compact), JSON_TYPE, etag) };
    });
  }

  /** The first screen's catalog (docs/decisions.md D33): what the home sections show, plus `productId`'s product
   * when one is asked for; small at any catalog size, built once per version and product. */
  async firstAnswer(productId?: string, compact = false): Promise<EncodedAnswer> {
    const kind = compact ? "first-c" : "first";
    const version = await this.version();
    return this.firstAnswers.get(version, `${kind}:${productId ?? ""}`, async () => {
      const { body, asked } = await this.firstScreen(productId, version);
      const etag = `W/"${kind}-${body.version}-${encodeURIComponent(productId ?? "")}"`;
      // A product that does not exist is answered (with the home's) but not kept.
      const keep = productId === undefined || asked !== undefined;
      return { version: body.version, value: encodeAnswer(answerText(body, compact), JSON_TYPE, etag), keep };
    });
  }

  /** The first screen's catalog as a sync answer, and the product asked for when there is one; the page's
   * HTML carries it too (the seo module), so a first visit's app finds it without asking. */
  firstScreen(productId?: string, atLeast = 0): Promise<{ body: SyncResponse; asked: Product | undefined }> {
    return this.data.readCatalog(atLeast, async (tx) => {
      const version = await this.versions.currentRev(tx);
      const home = await this.repo.homeProducts(tx, HOME_SECTION_SIZE);
      const asked = productId === undefined ? undefined : await this.repo.productById(tx, productId);
      const products = asked && !home.some((p) => p.id === asked.id) ? [...home, asked] : home;
      const body: SyncResponse = {
        version,
        next: null,
        full: false,
        products,
        categories: await this.repo.categoriesChangedSince(tx, 0),
        banners: await this.repo.bannersChangedSince(tx, 0),
        deleted: { products: [], categories: [], banners: [] },
        settings: await this.settings.storeSettings(tx),
      };
      return { body, asked };
    });
  }

  /** The category list as the storefront reads it, encoded; built once per catalog version. */
  async categoriesAnswer(): Promise<EncodedAnswer> {
    const current = await this.version();
    return this.answers.get(current, "categories", () =>
      this.data.readCatalog(current, async (tx) => {
        const version = await this.versions.currentRev(tx);
        const list = (await this.repo.listCategories(tx)).map(({ id, name, slug, parentId, translations }) => ({
          id,
          name,
          slug,
          parentId,
          ...(translations && { translations }),
        }));
        const etag = `W/"categories-${version}"`;
        return { version, value: encodeAnswer(JSON.stringify(list), JSON_TYPE, etag) };
      }),
    );
  }

  /** Changes after `since`, one page of products at a time; since=0 (or a version from the future, e.g. after a
   * reset) is a full copy. The version and the changes of a page come from one snapshot, so the version a page
   * is given is the one its changes were read at. Only the first page carries categories, banners, deletions
   * and settings; the client walks the pages with the same `since` (0 once the first page said `full`). The
   * snapshot's catalog is at least `atLeast` (a read replica older than that is not asked). */
  sync(since: number, page: SyncPage = {}, atLeast = since): Promise<SyncResponse> {
    return this.data.readCatalog(atLeast, async (tx) => {
      const version = await this.versions.currentRev(tx);
      const full = since <= 0 || since > version;
      const from = full ? 0 : since;
      const first = page.after === undefined;
      const noDeletions = { products: [], categories: [], banners: [] };
      const unchanged = !full && from === version;
      if (unchanged) {
        return {
          version,
          next: null,
          full,
          products: [],
          categories: [],
          banners: [],
          deleted: noDeletions,
          settings: null,
        };
      }
      const { products, next } = await this.repo.productsPage(
        tx,
        from,
        page.after ?? null,
        page.limit ?? SYNC_PAGE_SIZE,
      );
      if (!first)
        return { version, next, full, products, categories: [], banners: [], deleted: noDeletions, settings: null };
      return {
        version,
        next,
        full,
        products,
        categories: await this.repo.categoriesChangedSince(tx, from),
        banners: await this.repo.bannersChangedSince(tx, from),
        deleted: full ? noDeletions : await this.repo.deletionsSince(tx, from),
        settings:
          full || (await this.repo.settingsChangedSince(tx, from)) ? await this.settings.storeSettings(tx) : null,
      };
    });
  }
}
