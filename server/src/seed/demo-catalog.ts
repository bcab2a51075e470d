/** The demo catalog: categories, 48 products and generated images, written on first start, with their French and
 * Arabic texts (demo-translations.ts). The images go to the uploads table with the catalog (so every instance serves
 * them), rendered before its transaction. */
import sharp from "sharp";
import { slugify } from "@store/shared/slug";
import { compactTranslations, encodeTranslations, type CatalogLang } from "@store/shared/catalog-translations";
import type { DataLayer } from "../db/data.ts";
import { BannersRepo } from "../modules/banners/banners.repo.ts";
import { CatalogAdminRepo } from "../modules/catalog/catalog.admin.repo.ts";
import { CatalogRepo } from "../modules/catalog/catalog.repo.ts";
import { CatalogVersions } from "../modules/catalog/catalog-versions.repo.ts";
import { SettingsRepo } from "../modules/settings/settings.repo.ts";
import { UploadsRepo, type StoredImage } from "../modules/uploads/uploads.repo.ts";
import { DEFAULT_TOGGLES } from "@store/shared/schemas/catalog";
import { DEFAULT_RATES } from "@store/shared/currency";
import { secureRandomBytes } from "../lib/random.ts";
import type { CodesService } from "../modules/codes/codes.service.ts";
import { DEMO_BANNER_TEXTS, DEMO_CATEGORY_TEXTS, DEMO_PRODUCT_TEXTS } from "./demo-translations.ts";

interface DemoCategory {
  name: string;
  children?: string[];
}

const CATEGORY_TREE: DemoCategory[] = [
  { name: "Gift Cards", children: ["PlayStation Cards", "Xbox Cards", "Steam Wallet", "Apple & Google"] },
  { name: "Console", children: ["PlayStation Plus", "Xbox Game Pass", "Nintendo"] },
  { name: "PC", children: ["PC Games"] },
  { name: "Esports", children: ["Mobile Currency"] },
  { name: "Subscriptions" },
  { name: "Software" },
];

/** [id, title, category, platform, region, USD price, discount %, tagline, description, variants] */
type DemoProduct = [string, string, string, string, string, number, number, string, string, [string, number][]?];

const PRODUCTS: DemoProduct[] = [
  [
    "psn-10-us",
    "PlayStation Store $10 Gift Card (US)",
    "PlayStation Cards",
    "PS",
    "US",
    10,
    0,
    "Top up your PSN wallet",
    "Add $10 to a US PlayStation Network wallet. Works on PS5 and PS4 for games, add-ons and subscriptions.",
  ],
  [
    "psn-25-us",
    "PlayStation Store $25 Gift Card (US)",
    "PlayStation Cards",
    "PS",
    "US",
    25,
    5,
    "Most popular PSN top-up",
    "Add $25 to a US PlayStation Network wallet. Instant code delivery by email.",
  ],
  [
    "psn-50-us",
    "PlayStation Store $50 Gift Card (US)",
    "PlayStation Cards",
    "PS",
    "US",
    50,
    0,
    "",
    "Add $50 to a US PlayStation Network wallet for the latest releases.",
  ],
  [
    "psn-20-eu",
    "PlayStation Store €20 Gift Card (EU)",
    "PlayStation Cards",
    "PS",
    "EU",
    22,
    0,
    "For European accounts",
    "Top up a European PlayStation Network account with €20.",
  ],
  [
    "xbox-15-us",
    "Xbox Gift Card $15 (US)",
    "Xbox Cards",
    "Xbox",
    "US",
    15,
    0,
    "Games, apps and more",
    "Redeem on Xbox Series X|S, Xbox One or Windows for games, add-ons and movies.",
  ],
  [
    "xbox-50-us",
    "Xbox Gift Card $50 (US)",
    "Xbox Cards",
    "Xbox",
    "US",
    50,
    10,
    "",
    "A $50 Microsoft balance for the Xbox store.",
  ],
  [
    "xbox-25-eu",
    "Xbox Gift Card €25 (EU)",
    "Xbox Cards",
    "Xbox",
    "EU",
    27,
    0,
    "",
    "A €25 Microsoft balance for European accounts.",
  ],
  [
    "steam-20",
    "Steam Wallet $20",
    "Steam Wallet",
    "PC",
    "Global",
    20,
    0,
    "The gamer's favourite",
    "Add funds to your Steam Wallet and buy games, software and hardware on Steam.",
  ],
  [
    "steam-50",
    "Steam Wallet $50",
    "Steam Wallet",
    "PC",
    "Global",
    50,
    3,
    "",
    "Add $50 to any Steam account; the amount is converted to your wallet currency.",
  ],
  [
    "steam-100",
    "Steam Wallet $100",
    "Steam Wallet",
    "PC",
    "Global",
    100,
    0,
    "Best value",
    "The big one: $100 of Steam credit for the summer sale.",
  ],
  [
    "itunes-25-us",
    "Apple Gift Card $25 (US)",
    "Apple & Google",
    "Mobile",
    "US",
    25,
    0,
    "Apps, music, iCloud",
    "For the App Store, Apple Music, iCloud+ and more on US Apple accounts.",
  ],
  [
    "gplay-10-us",
    "Google Play $10 (US)",
    "Apple & Google",
    "Mobile",
    "US",
    10,
    0,
    "",
    "Google Play credit for apps, games, books and movies on US accounts.",
  ],
  [
    "gplay-25-us",
    "Google Play $25 (US)",
    "Apple & Google",
    "Mobile",
    "US",
    25,
    8,
    "",
    "Google Play credit for apps, games and in-app purchases.",
  ],
  [
    "amazon-50-us",
    "Amazon Gift Card $50 (US)",
    "Gift Cards",
    "Other",
    "US",
    50,
    0,
    "Shop anything",
    "An Amazon.com gift card code redeemable on US accounts.",
  ],
  [
    "netflix-30",
    "Netflix Gift Card $30",
    "Subscriptions",
    "Other",
    "US",
    30,
    0,
    "Stream without a credit card",
    "Pay for Netflix with a prepaid code.",
  ],
  [
    "spotify-3m",
    "Spotify Premium 3 Months",
    "Subscriptions",
    "Other",
    "Global",
    30,
    15,
    "Ad-free music",
    "Three months of Spotify Premium: ad-free, offline listening.",
    [
      ["1 month", 11],
      ["3 months", 30],
      ["12 months", 99],
    ],
  ],
  [
    "ps-plus-essential-12",
    "PlayStation Plus Essential 12 Months",
    "PlayStation Plus",
    "PS",
    "Global",
    80,
    20,
    "Online play and monthly games",
    "Twelve months of PlayStation Plus Essential: online multiplayer, monthly games and cloud saves.",
    [
      ["3 months", 25],
      ["12 months", 80],
    ],
  ],
  [
    "ps-plus-extra-12",
    "PlayStation Plus Extra 12 Months",
    "PlayStation Plus",
    "PS",
    "Global",
    135,
    10,
    "Hundreds of games",
    "Everything in Essential plus a catalog of hundreds of PS5 and PS4 games.",
  ],
  [
    "ps-plus-premium-12",
    "PlayStation Plus Premium 12 Months",
    "PlayStation Plus",
    "PS",
    "EU",
    160,
    0,
    "Classics and streaming",
    "The full PlayStation Plus tier with classics and cloud streaming.",
  ],
  [
    "gamepass-ultimate-1",
    "Xbox Game Pass Ultimate 1 Month",
    "Xbox Game Pass",
    "Xbox",
    "Global",
    17,
    0,
    "Day-one releases",
    "Hundreds of games on console, PC and cloud, with EA Play and online multiplayer.",
    [
      ["1 month", 17],
      ["3 months", 50],
    ],
  ],
  [
    "gamepass-pc-3",
    "PC Game Pass 3 Months",
    "Xbox Game Pass",
    "PC",
    "Global",
    30,
    12,
    "",
    "Three months of PC Game Pass with new games every month.",
  ],
  [
    "gamepass-core-12",
    "Xbox Game Pass Core 12 Months",
    "Xbox Game Pass",
    "Xbox",
    "EU",
    60,
    0,
    "",
    "Online console multiplayer and a curated library of games.",
  ],
  [
    "eshop-20-us",
    "Nintendo eShop $20 (US)",
    "Nintendo",
    "Switch",
    "US",
    20,
    0,
    "For Switch owners",
    "Nintendo eShop credit for games and DLC on US accounts.",
  ],
  [
    "eshop-35-us",
    "Nintendo eShop $35 (US)",
    "Nintendo",
    "Switch",
    "US",
    35,
    0,
    "",
    "Nintendo eShop credit for US accounts.",
  ],
  [
    "switch-online-12",
    "Nintendo Switch Online 12 Months",
    "Nintendo",
    "Switch",
    "EU",
    20,
    5,
    "Online play and classics",
    "Twelve months of Nintendo Switch Online for one account.",
  ],
  [
    "elden-ring",
    "Elden Ring (Steam Key)",
    "PC Games",
    "PC",
    "Global",
    40,
    33,
    "Game of the year",
    "Rise, Tarnished: the award-winning open-world action RPG, as a Steam key.",
  ],
  [
    "cyberpunk-2077",
    "Cyberpunk 2077 (GOG Key)",
    "PC Games",
    "PC",
    "Global",
    30,
    50,
    "",
    "An open-world action-adventure set in Night City, delivered as a GOG key.",
  ],
  [
    "baldurs-gate-3",
    "Baldur's Gate 3 (Steam Key)",
    "PC Games",
    "PC",
    "Global",
    60,
    10,
    "",
    "Gather your party and return to the Forgotten Realms.",
  ],
  [
    "ea-fc-26-ps5",
    "EA Sports FC 26 (PS5)",
    "Console",
    "PS",
    "EU",
    70,
    25,
    "New season",
    "The world's game on PS5, delivered as a PlayStation Store voucher.",
  ],
  [
    "forza-horizon-6",
    "Forza Horizon 6 (Xbox / PC)",
    "Console",
    "Xbox",
    "Global",
    70,
    0,
    "Early access available",
    "Open-world racing on Xbox Series X|S and Windows.",
  ],
  [
    "zelda-echoes",
    "The Legend of Zelda: Echoes of Wisdom",
    "Nintendo",
    "Switch",
    "EU",
    60,
    0,
    "",
    "A new Zelda adventure for Nintendo Switch, as an eShop download code.",
  ],
  [
    "hogwarts-legacy",
    "Hogwarts Legacy (Steam Key)",
    "PC Games",
    "PC",
    "Global",
    50,
    60,
    "",
    "Live the unwritten in the wizarding world of the 1800s.",
  ],
  [
    "gta-v-premium",
    "Grand Theft Auto V Premium (PC)",
    "PC Games",
    "PC",
    "Global",
    30,
    40,
    "",
    "The complete GTA V story mode plus the Criminal Enterprise Starter Pack.",
  ],
  [
    "valorant-1000",
    "Valorant 1000 VP",
    "Mobile Currency",
    "PC",
    "EU",
    10,
    0,
    "Riot Points for Valorant",
    "1000 Valorant Points for skins, battle passes and agents.",
    [
      ["475 VP", 5],
      ["1000 VP", 10],
      ["2050 VP", 20],
    ],
  ],
  [
    "pubg-uc-660",
    "PUBG Mobile 660 UC",
    "Mobile Currency",
    "Mobile",
    "Global",
    10,
    0,
    "",
    "660 Unknown Cash for PUBG Mobile, delivered as a redeem code.",
  ],
  [
    "freefire-1080",
    "Free Fire 1080 Diamonds",
    "Mobile Currency",
    "Mobile",
    "Global",
    10,
    5,
    "",
    "1080 diamonds for Garena Free Fire.",
  ],
  [
    "fortnite-2800",
    "Fortnite 2800 V-Bucks",
    "Esports",
    "PC",
    "Global",
    23,
    0,
    "",
    "2800 V-Bucks for Fortnite on every platform.",
  ],
  [
    "lol-rp-1380",
    "League of Legends 1380 RP",
    "Esports",
    "PC",
    "EU",
    11,
    0,
    "",
    "1380 Riot Points for League of Legends on EU servers.",
  ],
  [
    "mlbb-diamonds-500",
    "Mobile Legends 500 Diamonds",
    "Esports",
    "Mobile",
    "Global",
    9,
    10,
    "",
    "500 diamonds for Mobile Legends: Bang Bang.",
  ],
  [
    "cod-points-2400",
    "Call of Duty 2400 Points",
    "Esports",
    "Xbox",
    "Global",
    20,
    0,
    "",
    "2400 COD Points for Black Ops and Warzone on Xbox.",
  ],
  [
    "office-365-family",
    "Microsoft 365 Family 12 Months",
    "Software",
    "PC",
    "Global",
    100,
    30,
    "Up to six people",
    "Word, Excel, PowerPoint, Outlook and 1 TB of OneDrive storage each, for up to six people.",
  ],
  [
    "windows-11-pro",
    "Windows 11 Pro Key",
    "Software",
    "PC",
    "Global",
    200,
    70,
    "Lifetime licence",
    "A retail product key for Windows 11 Pro.",
  ],
  [
    "kaspersky-plus",
    "Kaspersky Plus 1 Device 1 Year",
    "Software",
    "PC",
    "EU",
    40,
    20,
    "",
    "Antivirus, VPN and password manager for one device.",
  ],
  [
    "nordvpn-1y",
    "NordVPN 1 Year",
    "Software",
    "Other",
    "Global",
    60,
    45,
    "",
    "Private browsing on six devices for one year.",
  ],
  [
    "adobe-cc-1m",
    "Adobe Creative Cloud 1 Month",
    "Software",
    "PC",
    "US",
    60,
    0,
    "",
    "All Adobe apps for one month on a US Adobe account.",
  ],
  [
    "discord-nitro-1m",
    "Discord Nitro 1 Month",
    "Subscriptions",
    "Other",
    "Global",
    10,
    0,
    "Boosts and HD streaming",
    "One month of Discord Nitro with two server boosts.",
  ],
  [
    "youtube-premium-3m",
    "YouTube Premium 3 Months",
    "Subscriptions",
    "Mobile",
    "Global",
    36,
    0,
    "",
    "Ad-free YouTube, background play and YouTube Music.",
  ],
  [
    "ea-play-12",
    "EA Play 12 Months",
    "Console",
    "PC",
    "Global",
    30,
    15,
    "",
    "A library of EA games and trials of new releases.",
  ],
];

const BANNERS: readonly { title: string; link: string }[] = [
  { title: "Instant game keys", link: "/#featured" },
  { title: "Gift cards for every console", link: "/category/gift-cards" },
  { title: "Esports top-ups", link: "/category/esports" },
];

/** A demo row's French and Arabic texts as the console's saves store theirs ("" for none). */
function storedTranslations<T extends object>(texts: Partial<Record<CatalogLang, T>> | undefined): string {
  return encodeTranslations(compactTranslations(texts));
}

const PALETTES = [
  ["#1e3a8a", "#3b82f6"],
  ["#064e3b", "#10b981"],
  ["#581c87", "#a855f7"],
  ["#7c2d12", "#f97316"],
  ["#831843", "#ec4899"],
  ["#0f172a", "#64748b"],
  ["#134e4a", "#14b8a6"],
  ["#713f12", "#eab308"],
];

const escapeXml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function cardSvg(title: string, platform: string, index: number): string {
  const [from, to] = PALETTES[index % PALETTES.length] ?? ["#111827", "#4b5563"];
  const words = title
    .replace(/\(.*?\)/g, "")
    .trim()
    .split(/\s+/);
  const lines: string[] = [];
  let current = "";
  for (const w of words) {
    if ((current + " " + w).trim().length > 18) {
      if (current) lines.push(current);
      current = w;
    } else current = (current + " " + w).trim();
  }
  if (current) lines.push(current);
  const text = lines
    .slice(0, 3)
    .map(
      (l, i) =>
        `<text x="40" y="${200 + i * 52}" font-family="DejaVu Sans, Arial, sans-serif" font-size="44" font-weight="700" fill="#fff">${escapeXml(l)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400" viewBox="0 0 600 400">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="600" height="400" fill="url(#g)"/>
<circle cx="520" cy="80" r="140" fill="#ffffff" fill-opacity="0.08"/>
<rect x="40" y="40" rx="14" width="${60 + platform.length * 18}" height="56" fill="#000" fill-opacity="0.25"/>
<text x="60" y="80" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" font-weight="700" fill="#fff">${escapeXml(platform)}</text>
${text}
</svg>`;
}

/** Renders a demo image (when `rendered` collects them) and returns its public URL. */
async function demoImage(rendered: StoredImage[] | undefined, name: string, svg: string): Promise<string> {
  if (rendered) {
    const bytes = await sharp(Buffer.from(svg)).webp({ quality: 78 }).toBuffer();
    rendered.push({ name: `demo/${name}.webp`, contentType: "image/webp", bytes, createdAt: Date.UTC(2026, 8, 1) });
  }
  return `/uploads/demo/${name}.webp`;
}

const usd = (major: number): number => Math.round(major * 100);

/** The products the demo keeps on manual delivery, to show that path: the operator sends their codes by hand. */
export const DEMO_MANUAL_PRODUCTS: readonly string[] = [
  "steam-20",
  "psn-10-us",
  "ps-plus-essential-12",
  "office-365-family",
];

/** Demo codes per product, and per option of a product with options. */
export const DEMO_CODES_PER_STOCK = 20;

/** Every demo code starts so: the dashboard tells the operator while any such code is still for sale. */
const DEMO_CODE_PREFIX = "DEMO-";

// No 0/O or 1/I: a shopper reading a demo code aloud cannot mix them up.
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** "DEMO-XXXX-XXXX-XXXX", random, so two demo stores never hold the same codes. */
export function demoCode(): string {
  const bytes = secureRandomBytes(12);
  const chars = [...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]);
  return `${DEMO_CODE_PREFIX}${chars.slice(0, 4).join("")}-${chars.slice(4, 8).join("")}-${chars.slice(8).join("")}`;
}

/** The option a title names ("Spotify Premium 3 Months" names "3 months"), if any: the product opens on it. */
export function optionNamedIn(title: string, options: readonly string[]): string | undefined {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return options.find((name) => new RegExp(`(^|\\W)${escape(name)}(\\W|$)`, "i").test(title));
}

/** The demo products as the store lists them: id, English texts, delivery and options in the order shown (the first
 * is the one a product page opens on). For tests over the demo data. */
export function demoProducts(): {
  id: string;
  title: string;
  tagline: string;
  description: string;
  deliveryMode: "automatic" | "manual";
  variants: { id: string; name: string; position: number }[];
}[] {
  return PRODUCTS.map(([id, title, , , , , , tagline, description, vs]) => ({
    id,
    title,
    tagline,
    description,
    deliveryMode: DEMO_MANUAL_PRODUCTS.includes(id) ? "manual" : "automatic",
    variants: demoVariants(id, title, vs ?? []).map(({ id: vid, name, position }) => ({ id: vid, name, position })),
  }));
}

/** Every demo category's English name, each parent before its children. For tests over the demo data. */
export function demoCategoryNames(): string[] {
  return CATEGORY_TREE.flatMap((c) => [c.name, ...(c.children ?? [])]);
}

/** The demo banners' English titles. For tests over the demo data. */
export function demoBannerTitles(): string[] {
  return BANNERS.map((b) => b.title);
}

/** A product's options with the one its title names first. Ids keep the data's order, so they never change. */
function demoVariants(productId: string, title: string, vs: [string, number][]) {
  const named = optionNamedIn(
    title,
    vs.map(([name]) => name),
  );
  const withIds = vs.map(([name, price], i) => ({ id: `${productId}-v${i + 1}`, name, price }));
  const ordered = [...withIds.filter((v) => v.name === named), ...withIds.filter((v) => v.name !== named)];
  return ordered.map((v, position) => ({ ...v, position }));
}

/** Seeds only an empty catalog; returns what it wrote, or undefined when there was a catalog already (so a restart
 * adds nothing, codes included). With `codes` (the console's import path: sealed and hashed like any import) most
 * products deliver automatically and get DEMO_CODES_PER_STOCK demo codes per product or option; without it (the
 * server tests and the large-catalog seed) every product stays on manual delivery with no codes. */
export async function seedDemoCatalog(
  data: DataLayer,
  options: { images?: boolean; codes?: Pick<CodesService, "seedDemo"> } = {},
): Promise<{ products: number; categories: number; codes: number } | undefined> {
  const versions = new CatalogVersions();
  const repo = new CatalogRepo(versions);
  const isEmpty = (): Promise<boolean> =>
    data.read(async (tx) => (await repo.countProducts(tx)) === 0 && (await repo.listCategories(tx)).length === 0);
  if (!(await isEmpty())) return undefined;

  const rendered: StoredImage[] | undefined = (options.images ?? true) ? [] : undefined;
  const images = await Promise.all(
    PRODUCTS.map(([id, title, , platform], i) => demoImage(rendered, id, cardSvg(title, platform, i))),
  );
  const bannerImages = await Promise.all(
    BANNERS.map(({ title }, i) => demoImage(rendered, `banner-${i + 1}`, cardSvg(title, "Digital Store", i + 2))),
  );

  const base = Date.UTC(2026, 8, 1);
  const day = 86_400_000;
  let categoryCount = 0;
  const catalog = new CatalogAdminRepo();
  const bannersRepo = new BannersRepo();
  const settingsRepo = new SettingsRepo();
  const seeded = await data.transaction(async (tx) => {
    // The revision first: its row stays locked until this transaction ends, so of two processes starting at
    // once (two instances on PostgreSQL) the second waits here, then finds the catalog seeded and stops.
    const rev = await versions.bumpRev(tx);
    if (!(await isEmpty())) return false;
    const ids = new Map<string, string>();
    for (const [i, cat] of CATEGORY_TREE.entries()) {
      const id = `cat-${slugify(cat.name)}`;
      ids.set(cat.name, id);
      const t = base + i * 1000;
      await catalog.insertCategory(tx, {
        id,
        name: cat.name,
        slug: slugify(cat.name),
        parentId: null,
        translations: storedTranslations(DEMO_CATEGORY_TEXTS[cat.name]),
        rev,
        createdAt: t,
        updatedAt: t,
      });
      categoryCount++;
      for (const [j, child] of (cat.children ?? []).entries()) {
        const childId = `cat-${slugify(child)}`;
        ids.set(child, childId);
        const ct = t + (j + 1) * 10;
        await catalog.insertCategory(tx, {
          id: childId,
          name: child,
          slug: slugify(child),
          parentId: id,
          translations: storedTranslations(DEMO_CATEGORY_TEXTS[child]),
          rev,
          createdAt: ct,
          updatedAt: ct,
        });
        categoryCount++;
      }
    }

    for (const [
      i,
      [id, title, category, platform, region, price, discount, tagline, description, vs],
    ] of PRODUCTS.entries()) {
      const created = base + i * day;
      await repo.insertProduct(tx, {
        id,
        title,
        description,
        image: images[i] ?? "",
        priceUsd: usd(price),
        discountPercent: discount,
        tagline,
        platform,
        region,
        delivery: "Email",
        sku: id.toUpperCase(),
        // An automatic product's stock follows its codes (set by the import below).
        inStock: i % 17 !== 16,
        deliveryMode: options.codes && !DEMO_MANUAL_PRODUCTS.includes(id) ? "automatic" : "manual",
        categoryId: ids.get(category) ?? null,
        translations: storedTranslations(DEMO_PRODUCT_TEXTS[id]),
        sales: (i * 37) % 101,
        rev,
        createdAt: created,
        updatedAt: created,
      });
      await repo.replaceVariants(
        tx,
        id,
        demoVariants(id, title, vs ?? []).map((v) => ({
          id: v.id,
          productId: id,
          name: v.name,
          priceUsd: usd(v.price),
          position: v.position,
        })),
      );
    }

    for (const [i, { title, link }] of BANNERS.entries()) {
      const t = base + i;
      await bannersRepo.insert(tx, {
        id: `banner-${i + 1}`,
        title,
        image: bannerImages[i] ?? "",
        link,
        translations: storedTranslations(DEMO_BANNER_TEXTS[title]),
        active: true,
        position: i,
        rev,
        createdAt: t,
        updatedAt: t,
      });
    }

    await new UploadsRepo().insert(tx, rendered ?? []);
    await settingsRepo.write(tx, "toggles", DEFAULT_TOGGLES, rev, base);
    await settingsRepo.write(tx, "rate", { usdToTnd: DEFAULT_RATES.TND, updatedAt: base }, rev, base);
    return true;
  });
  if (!seeded) return undefined;
  // After the catalog's transaction, through the import the console uses (one transaction per product or option).
  const stocks = demoProducts()
    .filter((p) => p.deliveryMode === "automatic")
    .flatMap((p) =>
      (p.variants.length > 0 ? p.variants.map((v) => v.id) : [undefined]).map((variantId) => ({
        productId: p.id,
        ...(variantId && { variantId }),
        text: Array.from({ length: DEMO_CODES_PER_STOCK }, demoCode).join("\n"),
      })),
    );
  const codeCount = options.codes ? await options.codes.seedDemo(stocks) : 0;
  return { products: PRODUCTS.length, categories: categoryCount, codes: codeCount };
}
