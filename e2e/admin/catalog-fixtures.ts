/** What a spec needs in the catalog, made through the admin API instead of hoped for in the demo data. */
import { crc32, deflateSync } from "node:zlib";
import type { Banner, Product } from "@store/shared/schemas/catalog";
import type { ApiSession } from "./console-helpers.ts";

/** A short unique tag for names and codes, so runs and parallel tests never collide. */
export const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 100_000).toString(36)}`.toUpperCase();

/** A small valid PNG (16x16, one colour), built here so the tests need no fixture file. */
export function makePng(size = 16, rgb: [number, number, number] = [109, 94, 252]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The PNG as the admin API takes an image in a JSON body (the store turns it into an upload). */
export const pngDataUrl = (rgb?: [number, number, number]): string =>
  `data:image/png;base64,${makePng(16, rgb).toString("base64")}`;

/** A USD price in cents; the other currencies follow the daily rate. */
export const usd = (cents: number) => ({ USD: cents, TND: 0, EUR: 0, EGP: 0 });

/** A product made for the test: in stock, delivered by hand, $10, unless `fields` say otherwise. */
export async function createProduct(api: ApiSession, fields: Record<string, unknown> = {}): Promise<Product> {
  return (await api.send("POST", "/api/admin/products", {
    title: `E2E product ${tag()}`,
    description: "A product made by an end-to-end test.",
    price: usd(1000),
    deliveryMode: "manual",
    inStock: true,
    ...fields,
  })) as Product;
}

/** An active banner made for the test, after the others unless `fields` place it. */
export async function createBanner(api: ApiSession, fields: Record<string, unknown> = {}): Promise<Banner> {
  return (await api.send("POST", "/api/admin/banners", {
    title: `E2E banner ${tag()}`,
    active: true,
    ...fields,
  })) as Banner;
}
