/** Categories as the admin sees them: top-level ones by name, each
 * followed by its subcategories (one level, docs/product.md). */
import type { CategoryTranslations } from "@store/shared/catalog-translations";

export interface CategoryLike {
  id: string;
  name: string;
  slug: string;
  parentId: string | null;
  /** The name in French and Arabic (docs/product.md, "Catalog languages"). */
  translations?: CategoryTranslations | undefined;
}

export interface CategoryNode<C extends CategoryLike> {
  category: C;
  children: C[];
}

const byName = (a: CategoryLike, b: CategoryLike) => a.name.localeCompare(b.name);

/** Top-level categories with their children; a child whose parent is gone is shown at the top level. */
export function categoryTree<C extends CategoryLike>(rows: readonly C[]): CategoryNode<C>[] {
  const ids = new Set(rows.map((r) => r.id));
  const isTop = (c: C) => c.parentId === null || c.parentId === "" || !ids.has(c.parentId);
  return rows
    .filter(isTop)
    .sort(byName)
    .map((category) => ({
      category,
      children: rows.filter((c) => !isTop(c) && c.parentId === category.id).sort(byName),
    }));
}

export interface CategoryOption {
  id: string;
  name: string;
  depth: 0 | 1;
}

/** Options for a product's category select: parents first, subcategories indented right after them. */
export function categoryOptions(rows: readonly CategoryLike[]): CategoryOption[] {
  return categoryTree(rows).flatMap(({ category, children }) => [
    { id: category.id, name: category.name, depth: 0 as const },
    ...children.map((c) => ({ id: c.id, name: c.name, depth: 1 as const })),
  ]);
}

/** Categories that may be chosen as the parent of `self` (none when creating): top-level ones, never itself. */
export function parentChoices<C extends CategoryLike>(rows: readonly C[], selfId?: string): C[] {
  return categoryTree(rows)
    .map((n) => n.category)
    .filter((c) => c.id !== selfId);
}
