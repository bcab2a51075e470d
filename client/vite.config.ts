import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import babel from "@rolldown/plugin-babel";
import { lingui } from "@lingui/vite-plugin";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import { VitePWA, type ManifestOptions } from "vite-plugin-pwa";
import linguiConfig from "./lingui.config.ts";
import {
  brotliAssets,
  colorSchemeManifests,
  inlineBootScript,
  inlineEntryCss,
  listAppFiles,
  storefrontMessages,
} from "./vite-plugins.ts";

const api = "http://localhost:3000";

/** The installed app's colours per scheme (src/ui/base.css: the dark theme's and the light theme's --bg). */
const DARK = { background_color: "#0f1117", theme_color: "#0f1117" };
const LIGHT = { background_color: "#f6f7fb", theme_color: "#f6f7fb" };

const MANIFEST: Partial<ManifestOptions> = {
  name: "Digital Store — Game Keys & Gift Cards",
  short_name: "Digital Store",
  description: "Game keys, gift cards and subscriptions delivered instantly by email.",
  lang: "en",
  start_url: "/",
  scope: "/",
  display: "standalone",
  ...DARK,
  icons: [
    { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
};

// The Lingui plugin and macro look for their config from the working directory; pin it so this config
// also works when extended from the repository root (vitest projects).
const linguiConfigPath = fileURLToPath(new URL("./lingui.config.ts", import.meta.url));
process.env.LINGUI_CONFIG ??= linguiConfigPath;

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: "./src/routes",
      generatedRouteTree: "./src/route-tree.gen.ts",
      routeFileIgnorePattern: "\\.test\\.",
      quoteStyle: "double",
    }),
    react(),
    babel({ plugins: ["@lingui/babel-plugin-lingui-macro"] }),
    lingui({ configPath: linguiConfigPath }),
    inlineBootScript(fileURLToPath(new URL("./src/app/boot-entry.ts", import.meta.url))),
    inlineEntryCss(),
    listAppFiles(),
    storefrontMessages(fileURLToPath(new URL("./src/i18n/locales", import.meta.url)), linguiConfig.locales),
    brotliAssets(),
    VitePWA({
      registerType: "prompt",
      injectRegister: false,
      includeAssets: ["favicon.svg", "icons/apple-touch-icon.png", "offline.html", "offline.js"],
      manifest: MANIFEST,
      // Our own service worker (src/sw.ts): it also carries the admin outbox (Background Sync), which
      // generateSW cannot. The precache list is injected into it.
      strategies: "injectManifest",
      srcDir: "src",
      filename: "sw.ts",
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
        // A classic (not module) worker, so browsers without module service workers still install it.
        rollupFormat: "iife",
      },
    }),
    colorSchemeManifests(MANIFEST, LIGHT),
  ],
  server: {
    proxy: { "/api": api, "/uploads": api },
  },
  preview: {
    proxy: { "/api": api, "/uploads": api },
  },
  // Module workers (the sync-store worker), so they share the app's code splitting.
  worker: { format: "es" },
  build: {
    target: "es2022",
    // VITE_SOURCEMAP=1 for scripts/bench/profile.ts; shoppers never download maps.
    sourcemap: process.env.VITE_SOURCEMAP === "1",
    // docs/decisions.md D36: the storefront's modules in one chunk, so a first visit over a slow line waits for
    // bytes, not for waves of small files.
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Not back-in-stock.tsx: loaded only for a product sold out (stock-note.tsx), it would bring its
          // checks (zod) into the chunk every first visit downloads.
          groups: [{ name: "catalog-ui", test: /[\\/]src[\\/]features[\\/]catalog[\\/](?!back-in-stock\.)/ }],
        },
      },
    },
  },
});
