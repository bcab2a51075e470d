/** The mails' words in a language: the Lingui catalogs locales/{en,fr,ar}.po (beside this file in the source and
 * beside main.js in the build), read and compiled by the server itself the first time it renders a mail in that
 * language, so neither the tests, the dev server nor the build need a compile step (docs/decisions.md D53). */
import fs from "node:fs";
import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { compileMessage, compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { parsePo } from "pofile-ts";
import type { Locale } from "@store/shared/schemas/checkout";
import type { MailMessage } from "./messages.ts";

/** The names of a message's `{name}` placeholders. */
type Placeholders<M extends string> = M extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/** A message's values, one per placeholder of its English text: none, or all of them. */
export type ValuesOf<D extends MailMessage> = [Placeholders<D["message"]>] extends [never]
  ? []
  : [values: Record<Placeholders<D["message"]>, string | number>];

/** Says a mail message in one language, with its values. */
export type Say = <D extends MailMessage>(message: D, ...values: ValuesOf<D>) => string;

/** A catalog's translations by message id; an entry translated as "" is left out (the English is said instead). */
export function readCatalog(locale: Locale): Record<string, string> {
  const po = parsePo(fs.readFileSync(new URL(`./locales/${locale}.po`, import.meta.url), "utf8"));
  const translations: Record<string, string> = {};
  for (const item of po.items) {
    const translation = item.msgstr[0] ?? "";
    if (item.msgid !== "" && !item.obsolete && translation !== "") translations[item.msgid] = translation;
  }
  return translations;
}

const catalogs = new Map<Locale, I18n>();

function catalogOf(locale: Locale): I18n {
  let catalog = catalogs.get(locale);
  if (!catalog) {
    const messages: Messages = {};
    // A translation that is not a valid message stops the mail here rather than reaching a shopper garbled.
    for (const [id, text] of Object.entries(readCatalog(locale))) messages[id] = compileMessageOrThrow(text);
    catalog = setupI18n({ locale, messages: { [locale]: messages } });
    // A message missing from the catalog falls back to its English text, which is compiled as it is said.
    catalog.setMessagesCompiler(compileMessage);
    catalogs.set(locale, catalog);
  }
  return catalog;
}

/** Each value goes into the message as a placeholder character and is put in after Lingui has rendered it: Lingui
 * decodes `\u` and `\x` escape sequences in its output, and formats numbers, while a mail shows the value as given. */
const slot = (index: number): string => String.fromCharCode(0xe000 + index);

const sayers = new Map<Locale, Say>();

/** The mails' words in `locale`. A message without values always reads the same, so it is rendered once: a mail
 * says a dozen of them, and each rendering through Lingui costs about a microsecond on the checkout's hot path. */
export function sayIn(locale: Locale): Say {
  let say = sayers.get(locale);
  if (say) return say;
  const catalog = catalogOf(locale);
  const plain = new Map<string, string>();
  say = (message, ...[values]) => {
    if (values === undefined) {
      let said = plain.get(message.id);
      if (said === undefined) {
        said = catalog._({ id: message.id, message: message.message });
        plain.set(message.id, said);
      }
      return said;
    }
    const given = Object.entries(values);
    let said = catalog._({
      id: message.id,
      message: message.message,
      values: Object.fromEntries(given.map(([name], index) => [name, slot(index)])),
    });
    given.forEach(([, value], index) => {
      said = said.split(slot(index)).join(String(value));
    });
    return said;
  };
  sayers.set(locale, say);
  return say;
}
