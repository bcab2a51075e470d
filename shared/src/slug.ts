/** Category slug: lower-cased, runs of non-alphanumerics become one dash, edge dashes trimmed. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
}
