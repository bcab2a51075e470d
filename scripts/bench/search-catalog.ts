/** A deterministic synthetic catalog of digital goods for the search benchmark (no I/O). */
import type { Category, Product } from "@store/shared/schemas/catalog";

const BRANDS = [
  "Steam",
  "PlayStation",
  "Xbox",
  "Nintendo",
  "Google Play",
  "iTunes",
  "Razer Gold",
  "Amazon",
  "Netflix",
  "Spotify",
  "Riot",
  "Blizzard",
  "EA",
  "Ubisoft",
  "Epic",
];
const GAMES = [
  "Elden Ring",
  "Pokémon Écarlate",
  "Forza Horizon",
  "Zelda",
  "FIFA",
  "Call of Duty",
  "Minecraft",
  "Fortnite",
  "Valorant",
  "Cyberpunk",
  "Hogwarts Légende",
  "Diablo",
  "Starfield",
  "Mario Kart",
  "Halo",
  "Gran Turismo",
  "God of War",
  "Assassin's Creed",
  "The Witcher",
  "Baldur's Gate",
];
const ARABIC = [
  "بطاقة هدايا",
  "شحن رصيد",
  "لعبة أكشن",
  "اشتراك شهري",
  "إصدار خاص",
  "متجر آبل",
  "جواهر فري فاير",
  "نقاط",
];
const KINDS = [
  "Gift Card",
  "Key",
  "Wallet Top-up",
  "Subscription",
  "Season Pass",
  "DLC",
  "Membership",
  "Coins",
  "Deluxe Edition",
];
const WORDS = [
  "instant",
  "delivery",
  "code",
  "region",
  "digital",
  "redeem",
  "account",
  "online",
  "multiplayer",
  "adventure",
  "édition",
  "console",
  "voucher",
  "balance",
  "premium",
  "bonus",
  "exclusive",
  "café",
  "héros",
  "monde",
];
const PLATFORMS = ["PC", "PS", "Xbox", "Switch", "Mobile", "Other"];
const REGIONS = ["Global", "EU", "US"];

/** Mulberry32: a tiny seeded generator, so every run searches the same catalog. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rand: () => number, list: readonly T[]): T {
  const item = list[Math.floor(rand() * list.length)];
  if (item === undefined) throw new Error("empty list");
  return item;
}

export function syntheticCategories(): Category[] {
  const cats: Category[] = [{ id: "gift", name: "Gift Cards", slug: "gift-cards", parentId: null, version: 1 }];
  for (const b of BRANDS.slice(0, 8)) {
    const slug = b.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    cats.push({ id: `gift-${slug}`, name: `${b} Wallet`, slug: `${slug}-wallet`, parentId: "gift", version: 1 });
  }
  for (const name of ["Games", "Software", "Subscriptions", "Esports", "Consoles"]) {
    cats.push({ id: name.toLowerCase(), name, slug: name.toLowerCase(), parentId: null, version: 1 });
  }
  return cats;
}

export function syntheticProducts(count: number, seed = 42): Product[] {
  const rand = seeded(seed);
  const categories = syntheticCategories();
  const out: Product[] = [];
  for (let i = 0; i < count; i++) {
    const arabic = rand() < 0.1;
    const title = arabic
      ? `${pick(rand, ARABIC)} ${pick(rand, BRANDS)} ${i}`
      : `${rand() < 0.5 ? pick(rand, GAMES) : pick(rand, BRANDS)} ${pick(rand, KINDS)} ${rand() < 0.3 ? `$${pick(rand, [5, 10, 20, 50, 100])}` : `#${i}`}`;
    const description = Array.from({ length: 12 + Math.floor(rand() * 20) }, () => pick(rand, WORDS)).join(" ");
    const usd = 100 + Math.floor(rand() * 9900);
    out.push({
      id: `bench-${i}`,
      title,
      description,
      image: `/uploads/bench-${i % 50}.webp`,
      price: { USD: usd, TND: rand() < 0.2 ? Math.round(usd * 32) : 0, EUR: 0, EGP: 0 },
      variants: [],
      categoryId: pick(rand, categories).id,
      discountPercent: rand() < 0.3 ? pick(rand, [5, 10, 15, 20, 25, 50]) : 0,
      tagline: "",
      platform: pick(rand, PLATFORMS),
      region: pick(rand, REGIONS),
      delivery: "Email",
      sku: `BN-${i}`,
      deliveryMode: "manual",
      lowStockThreshold: 5,
      inStock: rand() < 0.95,
      sales: Math.floor(rand() * 5000),
      createdAt: 1_700_000_000_000 + Math.floor(rand() * 3e10),
      updatedAt: 1_700_000_000_000,
      version: 1,
    });
  }
  return out;
}

/** Queries a shopper might type, including partial words, accents, Arabic and misses. */
export function benchQueries(count: number, seed = 7): string[] {
  const rand = seeded(seed);
  const pool = [
    ...GAMES,
    ...BRANDS,
    ...KINDS,
    ...WORDS,
    "e",
    "st",
    "ga",
    "pokemon",
    "POKÉMON",
    "heros",
    "legende",
    "بطاقه",
    "اصدار",
    "امازون",
    "zzzz-no-match",
    "qwerty",
    "gift",
    "card",
    "steam wallet",
    "$20",
    "ps",
    "xbox game",
  ];
  return Array.from({ length: count }, () => {
    const base = pick(rand, pool);
    // Sometimes the query is still being typed: a prefix of a term.
    return rand() < 0.3 ? base.slice(0, Math.max(1, Math.ceil(base.length * rand()))) : base;
  });
}
