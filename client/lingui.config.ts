import { defineConfig } from "@lingui/cli";

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "fr", "ar"],
  // A missing translation falls back to English, then to the message itself.
  fallbackLocales: { default: "en" },
  catalogs: [
    // The storefront's words: every visit loads its language's catalog at start (src/i18n/i18n.ts).
    {
      path: "<rootDir>/src/i18n/locales/{locale}/messages",
      include: ["<rootDir>/src"],
      exclude: ["**/node_modules/**", "**/*.test.*", "<rootDir>/src/features/admin/**"],
    },
    // The operator's console: loaded with its pages (loadAdminMessages), so a shopper never downloads them. A
    // message the console shares with the storefront is in both catalogs.
    {
      path: "<rootDir>/src/i18n/locales/{locale}/admin",
      include: ["<rootDir>/src/features/admin"],
      exclude: ["**/node_modules/**", "**/*.test.*"],
    },
  ],
});
