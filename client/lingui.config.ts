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
      exclude: [
        "**/node_modules/**",
        "**/*.test.*",
        "<rootDir>/src/features/admin/**",
        "<rootDir>/src/features/checkout/**",
        "<rootDir>/src/features/orders/**",
        "<rootDir>/src/i18n/error-messages.ts",
      ],
    },
    // The pages of an order (cart, checkout, order status, finding an order) and the refusals the store's answers
    // carry: loaded by those routes, the console and "Email me when it is back" (loadMessages("orders")).
    {
      path: "<rootDir>/src/i18n/locales/{locale}/orders",
      include: [
        "<rootDir>/src/features/checkout",
        "<rootDir>/src/features/orders",
        "<rootDir>/src/i18n/error-messages.ts",
      ],
      exclude: ["**/node_modules/**", "**/*.test.*"],
    },
    // The operator's console: loaded with its pages (loadMessages("admin")), so a shopper never downloads them. A
    // message the console shares with the storefront is in both catalogs.
    {
      path: "<rootDir>/src/i18n/locales/{locale}/admin",
      include: ["<rootDir>/src/features/admin"],
      exclude: ["**/node_modules/**", "**/*.test.*"],
    },
  ],
});
