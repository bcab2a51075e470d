/** A cheap look at a JSON text's nesting before JSON.parse builds it, so a small body of nested brackets cannot
 * cost the server a deep object tree or a stack overflow (docs/decisions.md D28): one pass over the characters, no
 * allocation, stopping at the first level too deep. Brackets inside strings do not count. */

/** The deepest nesting any request body needs: checkout lines and product variants are 3 levels deep. */
export const MAX_JSON_DEPTH = 32;

export const JSON_TOO_DEEP = `JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;

/** true when `text` opens more than `max` arrays or objects inside one another. */
export function jsonDepthExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: the next character is escaped
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > max) return true;
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return false;
}
