/** The console's sections, kept in the URL (?section=products) so a reload stays where the operator was. */
export const ADMIN_SECTIONS = [
  "dashboard",
  "orders",
  "products",
  "categories",
  "banners",
  "promos",
  "blocklist",
  "settings",
  "newsletter",
  "mailbox",
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

function isAdminSection(value: unknown): value is AdminSection {
  return typeof value === "string" && (ADMIN_SECTIONS as readonly string[]).includes(value);
}

export interface AdminSearch {
  section?: AdminSection;
  /** With the Products section: the product whose editor opens (a link from the dashboard's stock alerts). */
  product?: string;
}

export function validateAdminSearch(search: Record<string, unknown>): AdminSearch {
  if (!isAdminSection(search.section) || search.section === "dashboard") return {};
  const product = search.product;
  if (search.section === "products" && typeof product === "string" && product !== "" && product.length <= 100)
    return { section: search.section, product };
  return { section: search.section };
}
