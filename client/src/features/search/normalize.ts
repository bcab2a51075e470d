/** Text folding for on-device search (docs/decisions.md D14): case, accents and Arabic letter variants are ignored. */

// Combining marks left by NFD (Latin accents, Arabic hamza/madda carriers) and Arabic tashkeel.
const MARKS = /\p{M}/gu;
const TATWEEL = /\u0640/g;
const WHITESPACE = /\s+/g;
// Printable ASCII and common whitespace only: nothing to decompose or fold.
const PLAIN = /^[\t\n\r -~]*$/;
// Variants that NFD does not decompose: alef wasla, teh marbuta, alef maksura.
const ARABIC_VARIANTS: Record<string, string> = { "\u0671": "\u0627", "\u0629": "\u0647", "\u0649": "\u064A" };
const ARABIC_VARIANT_RE = /[\u0671\u0629\u0649]/g;

/**
 * Lower-cases, trims, collapses spaces, strips accents (é -> e) and folds Arabic variants
 * (أ إ آ ٱ -> ا, ة -> ه, ى -> ي), diacritics and tatweel, so "Élden" and "elden" compare equal.
 */
export function normalizeText(text: string): string {
  // Most catalog text is plain ASCII: skip the Unicode passes (keeps indexing 10,000 products fast).
  if (PLAIN.test(text)) return text.toLowerCase().replace(WHITESPACE, " ").trim();
  return text
    .normalize("NFD")
    .replace(MARKS, "")
    .replace(TATWEEL, "")
    .replace(ARABIC_VARIANT_RE, (ch) => ARABIC_VARIANTS[ch] ?? ch)
    .toLowerCase()
    .replace(WHITESPACE, " ")
    .trim();
}

/**
 * Orders two texts as a shopper reads them (case, accents and Arabic variants ignored), without the
 * ICU collator: its first use costs more main-thread time than sorting the whole catalog.
 */
export function compareText(a: string, b: string): number {
  const x = normalizeText(a);
  const y = normalizeText(b);
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
}
