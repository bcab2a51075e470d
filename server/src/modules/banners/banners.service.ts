/** Banner editing (docs/decisions.md D19): every change bumps the
 * catalog revision and stamps the row; deletions are recorded for sync. */
import { encodeTranslations } from "@store/shared/catalog-translations";
import type { AdminBanner, BannerCreate, BannerUpdate } from "@store/shared/schemas/admin";
import type { DataLayer } from "../../db/data.ts";
import { EditConflictError, NotFoundError } from "../../http/errors.ts";
import { newId } from "../../lib/ids.ts";
import type { CatalogVersions } from "../catalog/catalog-versions.repo.ts";
import { toBanner } from "../catalog/catalog.repo.ts";
import { addToCatalog, nextVersion, removeFromCatalog } from "../catalog/versioned-rows.ts";
import type { UploadsService } from "../uploads/uploads.service.ts";
import type { BannerInsert, BannersRepo } from "./banners.repo.ts";

const BANNER_CONFLICT = "This banner was changed by someone else.";

export class BannersService {
  constructor(
    private readonly data: DataLayer,
    private readonly repo: BannersRepo,
    private readonly versions: CatalogVersions,
    private readonly uploads: UploadsService,
    private readonly now: () => number = Date.now,
  ) {}

  async list(): Promise<AdminBanner[]> {
    return (await this.data.read((tx) => this.repo.all(tx))).map(toBanner);
  }

  private async get(id: string): Promise<AdminBanner> {
    const row = await this.data.read((tx) => this.repo.byId(tx, id));
    if (!row) throw new NotFoundError("Banner not found");
    return toBanner(row);
  }

  async create(input: BannerCreate): Promise<AdminBanner> {
    const image = await this.uploads.resolveImage(input.image);
    const id = newId("b");
    const t = this.now();
    await this.data.transaction(async (tx) => {
      await addToCatalog(tx, this.versions, ["banners", id], t, async (start) =>
        this.repo.insert(tx, {
          id,
          title: input.title,
          image,
          link: input.link,
          active: input.active,
          position: input.position ?? (await this.repo.nextPosition(tx)),
          translations: encodeTranslations(input.translations),
          ...start,
        }),
      );
    });
    return this.get(id);
  }

  async update(id: string, input: BannerUpdate): Promise<AdminBanner> {
    const before = await this.get(id);
    if (input.version !== undefined && input.version !== before.version)
      throw new EditConflictError(BANNER_CONFLICT, before);
    const image = input.image === undefined ? undefined : await this.uploads.resolveImage(input.image);
    await this.data.transaction(async (tx) => {
      const current = await this.repo.byId(tx, id);
      if (!current) throw new NotFoundError("Banner not found");
      if (input.version !== undefined && input.version !== current.version) {
        throw new EditConflictError(BANNER_CONFLICT, toBanner(current));
      }
      const rev = await this.versions.bumpRev(tx);
      const set: Partial<BannerInsert> = {
        ...(input.title !== undefined && { title: input.title }),
        ...(image !== undefined && { image }),
        ...(input.link !== undefined && { link: input.link }),
        ...(input.active !== undefined && { active: input.active }),
        ...(input.position !== undefined && { position: input.position }),
        ...(input.translations !== undefined && { translations: encodeTranslations(input.translations) }),
        ...nextVersion(current, rev, this.now()),
      };
      if (!(await this.repo.update(tx, id, current.version, set)))
        throw new EditConflictError(BANNER_CONFLICT, toBanner(current));
    });
    return this.get(id);
  }

  delete(id: string, version?: number): Promise<void> {
    return this.data.transaction(async (tx) => {
      const current = await this.repo.byId(tx, id);
      if (!current) throw new NotFoundError("Banner not found");
      if (version !== undefined && version !== current.version)
        throw new EditConflictError(BANNER_CONFLICT, toBanner(current));
      await removeFromCatalog(tx, this.versions, ["banners", id], () => this.repo.delete(tx, id));
    });
  }
}
