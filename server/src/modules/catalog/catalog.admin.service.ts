/** Catalog editing rules: products with variants, and the one-level category tree. Every change bumps the catalog
 * revision in its own transaction and stamps the rows with it, so incremental sync sees it (docs/decisions.md D1). */
import type { Category, Product } from "@store/shared/schemas/catalog";
import type {
  AdminProductListQuery,
  AdminProductPage,
  CategoryCreate,
  CategoryUpdate,
  ProductCreate,
  ProductUpdate,
  VariantInput,
} from "@store/shared/schemas/admin";
import { zeroPrices } from "@store/shared/schemas/admin";
import { encodeTranslations } from "@store/shared/catalog-translations";
import { slugify } from "@store/shared/slug";
import type { DataLayer, Tx } from "../../db/data.ts";
import { ERROR_CODES, FIELD_ERROR_CODES } from "@store/shared/schemas/error-codes";
import {
  ConflictError,
  EditConflictError,
  NotFoundError,
  ValidationError,
  fieldRefusal,
  problem,
} from "../../http/errors.ts";
import { decodeCursor, encodeCursor } from "../../http/cursor.ts";
import { newId } from "../../lib/ids.ts";
import type { UploadsService } from "../uploads/uploads.service.ts";
import type { CatalogAdminRepo } from "./catalog.admin.repo.ts";
import type { CatalogVersions } from "./catalog-versions.repo.ts";
import { type CatalogRepo, type ProductInsert, type VariantInsert, toCategory } from "./catalog.repo.ts";
import { addToCatalog, nextVersion, removeFromCatalog } from "./versioned-rows.ts";

const PRODUCT_CONFLICT = "This product was changed by someone else.";
const CATEGORY_CONFLICT = "This category was changed by someone else.";
const CATEGORY_NAME_TAKEN = problem("A category with this name already exists", ERROR_CODES.categoryNameTaken);
const CATEGORY_HAS_CHILDREN = problem(
  "Cannot delete category with subcategories. Delete subcategories first.",
  ERROR_CODES.categoryHasSubcategories,
);
const CATEGORY_IN_USE = problem("Cannot delete category in use", ERROR_CODES.categoryInUse);
const STALE_PRODUCTS_PAGE = "This page of products no longer exists. Please start from the first page.";
const PRODUCT_PAGE = 24;
const PRODUCT_ID_TAKEN = problem("A product with this id already exists", ERROR_CODES.productIdTaken);

function priceColumns(p: { USD: number; TND: number; EUR: number; EGP: number }) {
  return { priceUsd: p.USD, priceTnd: p.TND, priceEur: p.EUR, priceEgp: p.EGP };
}

/** docs/product.md, "Products": a product is never stored with a price shoppers would see as 0 (the schema says the
 * same of a whole body; an update is checked against what it leaves stored). */
function refuseZeroPrices(product: Parameters<typeof zeroPrices>[0]): void {
  const zeros = zeroPrices(product);
  const first = zeros[0];
  if (!first) return;
  const fields = Object.fromEntries(
    zeros.map((zero) => [zero.path.join("."), problem(zero.message, FIELD_ERROR_CODES.zeroPrice, zero.params)]),
  );
  throw new ValidationError(problem(first.message, ERROR_CODES.invalidRequest), fields);
}

export class CatalogAdminService {
  constructor(
    private readonly data: DataLayer,
    private readonly repo: CatalogAdminRepo,
    private readonly catalog: CatalogRepo,
    private readonly versions: CatalogVersions,
    private readonly uploads: UploadsService,
    /** Available codes of a product (docs/decisions.md D10): an automatic product's inStock is derived from them. */
    private readonly stock: { hasAvailable(tx: Tx, productId: string): Promise<boolean> },
    private readonly now: () => number = Date.now,
  ) {}

  // ---------- Products ----------

  /** One page of the admin list, newest first (docs/decisions.md D30). */
  listPage(query: AdminProductListQuery): Promise<AdminProductPage> {
    const limit = Math.min(Math.max(1, Math.trunc(query.limit ?? PRODUCT_PAGE) || PRODUCT_PAGE), 100);
    const cursor = query.cursor === undefined ? undefined : decodeCursor(query.cursor, STALE_PRODUCTS_PAGE);
    const title = query.q?.trim() ?? "";
    const categoryId = query.category?.trim() ?? "";
    return this.data.read(async (tx) => {
      // A product's id finds that product alone, by its key (a title search reads the list until it fills a page).
      const byId = title !== "" && !cursor ? await this.repo.product(tx, title) : undefined;
      if (byId && (categoryId === "" || byId.categoryId === categoryId)) {
        return { products: await this.catalog.withVariants(tx, [byId]), next: null };
      }
      const rows = await this.repo.page(tx, {
        ...(title !== "" ? { title } : {}),
        ...(categoryId !== "" ? { categoryId } : {}),
        ...(cursor ? { after: { value: cursor.value, id: cursor.key } } : {}),
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        products: await this.catalog.withVariants(tx, page),
        next: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
      };
    });
  }

  async getProduct(id: string): Promise<Product> {
    const p = await this.data.read((tx) => this.catalog.productById(tx, id));
    if (!p) throw new NotFoundError("Product not found");
    return p;
  }

  async createProduct(input: ProductCreate): Promise<Product> {
    refuseZeroPrices(input);
    const id = input.id ?? newId("p");
    if (await this.data.read((tx) => this.repo.product(tx, id))) throw new ConflictError(PRODUCT_ID_TAKEN);
    const image = await this.uploads.resolveImage(input.image);
    const t = this.now();
    await this.data.transaction(async (tx) => {
      if (await this.repo.product(tx, id)) throw new ConflictError(PRODUCT_ID_TAKEN);
      await this.checkCategory(tx, input.categoryId);
      await addToCatalog(tx, this.versions, ["products", id], t, async (start) => {
        const row: ProductInsert = {
          id,
          title: input.title,
          description: input.description,
          image,
          ...priceColumns(input.price),
          discountPercent: input.discountPercent,
          tagline: input.tagline,
          platform: input.platform,
          region: input.region,
          delivery: input.delivery,
          sku: input.sku,
          // An automatic product is in stock when it has codes (docs/decisions.md D10).
          inStock: input.deliveryMode === "automatic" ? await this.stock.hasAvailable(tx, id) : input.inStock,
          deliveryMode: input.deliveryMode,
          lowStockThreshold: input.lowStockThreshold,
          categoryId: input.categoryId,
          translations: encodeTranslations(input.translations),
          ...start,
        };
        await this.catalog.insertProduct(tx, row);
        await this.catalog.replaceVariants(tx, id, await this.variantRows(tx, id, input.variants));
      });
    });
    return this.getProduct(id);
  }

  async updateProduct(id: string, input: ProductUpdate): Promise<Product> {
    await this.checkVersion(id, input.version);
    const image = input.image === undefined ? undefined : await this.uploads.resolveImage(input.image);
    await this.data.transaction(async (tx) => {
      const current = await this.repo.product(tx, id);
      if (!current) throw new NotFoundError("Product not found");
      if (input.version !== undefined && input.version !== current.version) throw await this.productConflict(tx, id);
      if (input.categoryId !== undefined) await this.checkCategory(tx, input.categoryId);
      if (input.price !== undefined || input.variants !== undefined) {
        const stored = input.price === undefined || input.variants === undefined;
        const before = stored ? await this.catalog.productById(tx, id) : undefined;
        refuseZeroPrices({
          price: input.price ?? before?.price ?? { USD: 0, TND: 0, EUR: 0, EGP: 0 },
          variants: input.variants ?? before?.variants ?? [],
        });
      }
      const rev = await this.versions.bumpRev(tx);
      const set: Partial<ProductInsert> = {
        ...(input.title !== undefined && { title: input.title }),
        ...(input.description !== undefined && { description: input.description }),
        ...(image !== undefined && { image }),
        ...(input.price !== undefined && priceColumns(input.price)),
        ...(input.discountPercent !== undefined && { discountPercent: input.discountPercent }),
        ...(input.tagline !== undefined && { tagline: input.tagline }),
        ...(input.platform !== undefined && { platform: input.platform }),
        ...(input.region !== undefined && { region: input.region }),
        ...(input.delivery !== undefined && { delivery: input.delivery }),
        ...(input.sku !== undefined && { sku: input.sku }),
        ...((input.deliveryMode ?? current.deliveryMode) === "automatic"
          ? { inStock: await this.stock.hasAvailable(tx, id) }
          : input.inStock !== undefined && { inStock: input.inStock }),
        ...(input.deliveryMode !== undefined && { deliveryMode: input.deliveryMode }),
        ...(input.lowStockThreshold !== undefined && { lowStockThreshold: input.lowStockThreshold }),
        ...(input.categoryId !== undefined && { categoryId: input.categoryId }),
        ...(input.translations !== undefined && { translations: encodeTranslations(input.translations) }),
        ...nextVersion(current, rev, this.now()),
      };
      if (!(await this.catalog.updateProduct(tx, id, current.version, set))) throw await this.productConflict(tx, id);
      if (input.variants !== undefined)
        await this.catalog.replaceVariants(tx, id, await this.variantRows(tx, id, input.variants));
    });
    return this.getProduct(id);
  }

  deleteProduct(id: string, version?: number): Promise<void> {
    return this.data.transaction(async (tx) => {
      const current = await this.repo.product(tx, id);
      if (!current) throw new NotFoundError("Product not found");
      if (version !== undefined && version !== current.version) throw await this.productConflict(tx, id);
      await removeFromCatalog(tx, this.versions, ["products", id], () => this.catalog.deleteProduct(tx, id));
    });
  }

  /** Fails early (before an image is stored) when the edit was made against an older version. */
  private checkVersion(id: string, version: number | undefined): Promise<void> {
    return this.data.read(async (tx) => {
      const current = await this.catalog.productById(tx, id);
      if (!current) throw new NotFoundError("Product not found");
      if (version !== undefined && version !== current.version) throw await this.productConflict(tx, id);
    });
  }

  private async productConflict(tx: Tx, id: string): Promise<EditConflictError> {
    return new EditConflictError(PRODUCT_CONFLICT, (await this.catalog.productById(tx, id)) ?? null);
  }

  private async checkCategory(tx: Tx, categoryId: string | null): Promise<void> {
    if (categoryId !== null && !(await this.repo.category(tx, categoryId))) {
      throw fieldRefusal("categoryId", problem("Category not found", ERROR_CODES.categoryNotFound));
    }
  }

  private async variantRows(tx: Tx, productId: string, input: VariantInput[]): Promise<VariantInsert[]> {
    const given = input.flatMap((v) => (v.id ? [v.id] : []));
    if (new Set(given).size !== given.length)
      throw fieldRefusal("variants", problem("Variant ids must be unique", ERROR_CODES.variantIdsRepeated));
    const foreign = await this.repo.variantIdsOwnedElsewhere(tx, given, productId);
    if (foreign.length > 0)
      throw fieldRefusal("variants", problem("A variant id belongs to another product", ERROR_CODES.variantIdTaken));
    return input.map((v, position) => ({
      id: v.id ?? newId("v"),
      productId,
      name: v.name,
      ...priceColumns(v.price),
      position,
    }));
  }

  // ---------- Categories ----------

  async createCategory(input: CategoryCreate): Promise<Category> {
    const id = newId("cat");
    const t = this.now();
    await this.data.transaction(async (tx) => {
      const slug = await this.slugFor(tx, input.name, undefined);
      await this.checkParent(tx, undefined, input.parentId);
      await addToCatalog(tx, this.versions, ["categories", id], t, (start) =>
        this.repo.insertCategory(tx, {
          id,
          name: input.name,
          slug,
          parentId: input.parentId,
          translations: encodeTranslations(input.translations),
          ...start,
        }),
      );
    });
    return this.category(id);
  }

  async updateCategory(id: string, input: CategoryUpdate): Promise<Category> {
    await this.data.transaction(async (tx) => {
      const current = await this.repo.category(tx, id);
      if (!current) throw new NotFoundError("Category not found");
      if (input.version !== undefined && input.version !== current.version) {
        throw new EditConflictError(CATEGORY_CONFLICT, toCategory(current));
      }
      const slug = await this.slugFor(tx, input.name, id);
      await this.checkParent(tx, id, input.parentId);
      const rev = await this.versions.bumpRev(tx);
      const ok = await this.repo.updateCategory(tx, id, current.version, {
        name: input.name,
        slug,
        parentId: input.parentId,
        ...(input.translations !== undefined && { translations: encodeTranslations(input.translations) }),
        ...nextVersion(current, rev, this.now()),
      });
      if (!ok) throw new EditConflictError(CATEGORY_CONFLICT, toCategory(current));
    });
    return this.category(id);
  }

  deleteCategory(id: string): Promise<void> {
    return this.data.transaction(async (tx) => {
      if (!(await this.repo.category(tx, id))) throw new NotFoundError("Category not found");
      if ((await this.repo.countChildren(tx, id)) > 0) throw new ConflictError(CATEGORY_HAS_CHILDREN);
      if ((await this.repo.countProductsIn(tx, id)) > 0) throw new ConflictError(CATEGORY_IN_USE);
      await removeFromCatalog(tx, this.versions, ["categories", id], () => this.repo.deleteCategory(tx, id));
    });
  }

  private async category(id: string): Promise<Category> {
    const row = await this.data.read((tx) => this.repo.category(tx, id));
    if (!row) throw new NotFoundError("Category not found");
    return toCategory(row);
  }

  private async slugFor(tx: Tx, name: string, selfId: string | undefined): Promise<string> {
    const slug = slugify(name);
    if (slug === "") {
      const needsLetters = problem(
        "Category name must contain letters or digits",
        ERROR_CODES.categoryNameNeedsLetters,
      );
      throw fieldRefusal("name", needsLetters);
    }
    const other = await this.repo.categoryBySlug(tx, slug);
    if (other && other.id !== selfId)
      throw new ConflictError(CATEGORY_NAME_TAKEN, undefined, undefined, { name: CATEGORY_NAME_TAKEN });
    return slug;
  }

  /** One level of nesting: the parent must be a main category, not the category itself, and a category
   * that has subcategories cannot become one. */
  private async checkParent(tx: Tx, selfId: string | undefined, parentId: string | null): Promise<void> {
    if (parentId === null) return;
    if (parentId === selfId) {
      throw fieldRefusal("parentId", problem("A category cannot be its own parent", ERROR_CODES.categoryOwnParent));
    }
    const parent = await this.repo.category(tx, parentId);
    if (!parent) {
      throw fieldRefusal("parentId", problem("Parent category not found", ERROR_CODES.parentCategoryNotFound));
    }
    if (parent.parentId !== null) {
      const notMain = problem("A subcategory can only be placed under a main category", ERROR_CODES.parentNotMain);
      throw fieldRefusal("parentId", notMain);
    }
    if (selfId !== undefined && (await this.repo.countChildren(tx, selfId)) > 0) {
      const hasSubs = problem(
        "A category with subcategories cannot become a subcategory",
        ERROR_CODES.categoryCannotNest,
      );
      throw fieldRefusal("parentId", hasSubs);
    }
  }
}
