/** Which family of activation hints fits a product's platform text ("PS", "PlayStation 5", "Xbox", "Steam",
 * "Switch", ...), with its title as a second clue (docs/decisions.md D10). The private order page says the hint in the
 * shopper's language; the delivery email has its own texts for the same families. */
export const PLATFORM_FAMILIES = ["playstation", "xbox", "nintendo", "steam", "mobile", "pc", "other"] as const;
export type PlatformFamily = (typeof PLATFORM_FAMILIES)[number];

export function platformFamily(platform: string, title = ""): PlatformFamily {
  const p = `${platform} ${title}`.toLowerCase();
  if (/\bps\d?\b|playstation|psn/.test(p)) return "playstation";
  if (/xbox|microsoft/.test(p)) return "xbox";
  if (/switch|nintendo/.test(p)) return "nintendo";
  if (/steam/.test(p)) return "steam";
  if (/mobile|apple|google|android|ios|itunes/.test(p)) return "mobile";
  if (/\bpc\b|windows|epic|battle\.net|ubisoft|ea app/.test(p)) return "pc";
  return "other";
}
