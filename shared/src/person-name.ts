/** What a shopper's name may hold. A name travels into the operator's screens and exports, and was once printed in
 * mail to an address nobody proved: `https://evil.example/refund Smith` would have greeted a stranger with a link.
 * So a name is letters, spaces and the marks names use; no web address, no control character. */

/** The shortest and longest name accepted (after trimming). */
export const NAME_MIN = 2;
export const NAME_MAX = 80;

/** Full stops mail readers and browsers take for a dot in a host name (the ASCII one, and the ideographic one that
 * NFKC leaves as it is; NFKC has already folded the fullwidth and halfwidth forms into these). */
const DOT = "[.\u3002]";
/** A host-like token: `word.word`, ending in a top-level part of two letters or more (evil.example, bit.ly), or a
 * dotted number (192.168.1.1). */
const HOST_LIKE = new RegExp(
  `[\\p{L}\\p{N}-]+(?:${DOT}[\\p{L}\\p{N}-]+)*${DOT}\\p{L}{2,}(?![\\p{L}\\p{N}])|\\p{N}+${DOT}\\p{N}+${DOT}\\p{N}+`,
  "u",
);
/** Control characters, and the invisible ones that reorder or break text (bidirectional overrides and isolates,
 * line and paragraph separators): they can make a name read as something else. */
const HIDDEN = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;

/** Whether `name` (trimmed) is something a name can be: no URL scheme, no `www.`, no host-like token, no control
 * or text-direction characters. Length is the schema's to check. */
export function isPlainName(name: string): boolean {
  if (HIDDEN.test(name)) return false;
  const folded = name.normalize("NFKC").toLowerCase();
  if (folded.includes("://") || folded.includes("www.") || /\bwww\u3002/u.test(folded)) return false;
  return !HOST_LIKE.test(folded);
}
