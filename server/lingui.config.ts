import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

// The words of the mails the server sends to shoppers (src/modules/mail/messages.ts), apart from the client's
// catalogs: the server reads these .po files itself when it first renders a mail (src/modules/mail/catalog.ts).
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "fr", "ar"],
  // By id, so a catalog keeps its order as the messages move in the code.
  orderBy: "messageId",
  // Every mail message has an id of its own (msgid); en.po holds the English the others translate.
  format: formatter({ explicitIdAsDefault: true, lineNumbers: false }),
  catalogs: [
    {
      path: "<rootDir>/src/modules/mail/locales/{locale}",
      include: ["<rootDir>/src/modules/mail"],
      exclude: ["**/node_modules/**", "**/*.test.*"],
    },
  ],
});
