/** Links the operator types (banner links, image addresses): a path on this store, or an http(s) address.
 * Browsers read `\` as `/` and drop tabs and line breaks inside a URL, so `/\evil.example` or `/<tab>/evil.example`
 * would leave the store like `//evil.example`, an open redirect: a site path has neither, nor a second leading slash. */

/** Spaces (tabs and line breaks included) or other control characters. */
function hasSpaceOrControl(value: string): boolean {
  if (/\s/.test(value)) return true;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** A path on this store: one leading `/`, not followed by another `/` or a `\`, and no backslash, space or
 * control character anywhere. */
export function isSitePath(value: string): boolean {
  return value.startsWith("/") && !/^\/[/\\]/.test(value) && !value.includes("\\") && !hasSpaceOrControl(value);
}

/** An absolute http(s) address without spaces or control characters. */
export function isHttpUrl(value: string): boolean {
  return /^https?:\/\/./i.test(value) && !hasSpaceOrControl(value);
}
