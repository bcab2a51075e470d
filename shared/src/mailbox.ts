/** The inbox an email address delivers to, so limits per recipient count one inbox once however its address is
 * spelled: `victim+1@gmail.com`, `v.ictim@googlemail.com` and `Victim@Gmail.com` all reach `victim@gmail.com`. */

/** Providers that ignore dots in the local part, and the one domain each is known by. */
const DOTLESS_DOMAINS: Readonly<Record<string, string>> = {
  "gmail.com": "gmail.com",
  "googlemail.com": "gmail.com",
};

/** The canonical mailbox of an address: lower-cased and trimmed, a `+tag` dropped from the local part (almost every
 * provider delivers `name+tag@` to `name@`), and dots dropped where the provider ignores them. An address without a
 * usable local part or domain is only lower-cased: the schema refuses it before any limit counts it. */
export function canonicalMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0 || at === address.length - 1) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1).replace(/\.+$/, "");
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    domain = dotless;
    local = local.replaceAll(".", "") || local;
  }
  return `${local}@${domain}`;
}
