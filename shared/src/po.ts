/**
 * The storefront's Lingui catalogs (.po files, the message in English as the id) read as plain tables, so the
 * server writes the first screen with the words the app then shows: one source for every text.
 */

/** Where the client's build writes every language's messages (client/vite-plugins.ts), for the server. */
export const STOREFRONT_MESSAGES_FILE = "storefront-messages.json";

/** A language's messages: the English message to its translation. */
export type Messages = Record<string, string>;

/** The body of a quoted .po string, its escapes undone. */
function unquote(quoted: string): string {
  return quoted.slice(1, -1).replace(/\\(["\\nt])/g, (_, ch: string) => ({ n: "\n", t: "\t" })[ch] ?? ch);
}

/** msgid/msgstr pairs of a .po file; entries without a translation (and the header) are left out. */
export function parsePo(text: string): Messages {
  const out: Messages = {};
  let field: "msgctxt" | "msgid" | "msgstr" | undefined;
  let entry = { msgctxt: "", msgid: "", msgstr: "" };
  const flush = () => {
    if (entry.msgid && entry.msgstr)
      out[entry.msgctxt ? `${entry.msgctxt}\u0004${entry.msgid}` : entry.msgid] = entry.msgstr;
    entry = { msgctxt: "", msgid: "", msgstr: "" };
    field = undefined;
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const start = /^(msgctxt|msgid|msgstr)\s+(".*")$/.exec(line);
    if (start) {
      const name = start[1] as "msgctxt" | "msgid" | "msgstr";
      // A new entry starts at its msgctxt or msgid once the previous one has its msgstr.
      if (name !== "msgstr" && field === "msgstr") flush();
      if (name === "msgctxt" && field === "msgid") flush();
      field = name;
      entry[name] = unquote(start[2] ?? '""');
    } else if (line.startsWith('"') && field) {
      entry[field] += unquote(line);
    } else if (line === "" && field === "msgstr") {
      flush();
    }
  }
  if (field === "msgstr") flush();
  return out;
}

/** A message in the language of `messages` (English when it has none), its `{name}` placeholders filled. */
export function translate(messages: Messages, id: string, values: Record<string, string | number> = {}): string {
  const message = messages[id] ?? id;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
