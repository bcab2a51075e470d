import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import sharp from "sharp";
import type { DataLayer } from "../../db/data.ts";
import { buildApp, buildServices } from "../../app.ts";
import { createTestStore, type TestStore } from "../../test/harness.ts";
import { ADMIN_ENV, openAdminStore, signIn, type AdminClient } from "../../test/admin-session.ts";
import { sniffImage } from "./uploads.service.ts";

function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#c0392b" } })
    .png()
    .toBuffer();
}

describe("image uploads", () => {
  let store: TestStore;
  let admin: AdminClient;
  beforeEach(async () => {
    ({ store, admin } = await openAdminStore({ seed: false }));
  });
  afterEach(() => store.close());

  const storedNames = async () =>
    (await store.query((db, t) => db.select({ name: t.uploads.name }).from(t.uploads))).map((r) => r.name);
  /** Uploads `bytes` as a multipart form's file field, as the console's file picker sends them. */
  const sendFile = (bytes: Buffer, name: string, type: string) => {
    const form = new FormData();
    form.append("file", new File([new Uint8Array(bytes)], name, { type }));
    return store.app.request("/api/upload-image", {
      method: "POST",
      headers: { Cookie: admin.cookie, "X-CSRF-Token": admin.csrfToken },
      body: form,
    });
  };
  const served = async (url: string) => Buffer.from(await (await store.app.request(url)).arrayBuffer());

  it("accepts a real PNG as a data URL and writes WebP variants without upscaling", async () => {
    const res = await admin.request("POST", "/api/upload-image", {
      fileBase64: `data:image/png;base64,${(await png(800, 400)).toString("base64")}`,
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { url: string; variants: { card: string; detail: string } };
    expect(body.url).toMatch(/^\/uploads\/[0-9a-f]{24}-1200\.webp$/);
    expect(body.variants.detail).toBe(body.url);
    expect(body.variants.card).toMatch(/-600\.webp$/);
    const card = await sharp(await served(body.variants.card)).metadata();
    const detail = await sharp(await served(body.variants.detail)).metadata();
    expect(card).toMatchObject({ format: "webp", width: 600, height: 300 });
    expect(detail).toMatchObject({ format: "webp", width: 800, height: 400 });
    expect(detail.exif).toBeUndefined();

    const res2 = await store.app.request(body.url);
    expect(res2.status).toBe(200);
    expect(res2.headers.get("Content-Type")).toBe("image/webp");
    expect(res2.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const etag = res2.headers.get("ETag") ?? "";
    expect(etag).toMatch(/^".+"$/);
    const again = await store.app.request(body.url, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("keeps the images in the database: another instance with an empty data directory serves them", async () => {
    const res = await admin.request("POST", "/api/upload-image", {
      fileBase64: (await png(300, 200)).toString("base64"),
    });
    const { variants } = (await res.json()) as { variants: { card: string; detail: string } };
    expect((await storedNames()).sort()).toEqual([path.basename(variants.card), path.basename(variants.detail)].sort());
    expect(fs.existsSync(path.join(store.dataDir, "uploads"))).toBe(false);

    const otherDir = fs.mkdtempSync(path.join(store.dataDir, "..", "other-instance-"));
    try {
      const other = buildApp({ config: { ...store.config, dataDir: otherDir }, data: store.data });
      const served = await other.request(variants.card);
      expect(served.status).toBe(200);
      expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ width: 300 });
    } finally {
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it("still serves images that earlier versions wrote to DATA_DIR/uploads, and 404s unknown names", async () => {
    const dir = path.join(store.dataDir, "uploads", "demo");
    fs.mkdirSync(dir, { recursive: true });
    const bytes = await sharp(await png(10, 10))
      .webp()
      .toBuffer();
    fs.writeFileSync(path.join(dir, "old.webp"), bytes);
    const res = await store.app.request("/uploads/demo/old.webp");
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await store.app.request("/uploads/demo/missing.webp")).status).toBe(404);
    expect((await store.app.request("/uploads/%E0%A4%A")).status).toBe(404);
  });

  it("re-encodes a keyed edit's image before the edit's transaction opens", async () => {
    // The same database, with transactions counted, and each image preparation noted with whether one was open.
    let open = 0;
    const counted: DataLayer = {
      ...store.data,
      engine: store.data.engine,
      transaction: async (work) => {
        open++;
        try {
          return await store.data.transaction(work);
        } finally {
          open--;
        }
      },
      read: (work) => store.data.read(work),
      readCatalog: (atLeast, work) => store.data.readCatalog(atLeast, work),
      catalogReads: () => store.data.catalogReads(),
      savepoint: (tx, work) => store.data.savepoint(tx, work),
      batch: (work) => store.data.batch(work),
      batchGuarded: (guard, work) => store.data.batchGuarded(guard, work),
      detached: (work) => store.data.detached(work),
      changeStamp: () => store.data.changeStamp(),
      close: () => store.data.close(),
    };
    const services = buildServices({ config: store.config, data: counted });
    const prepared: boolean[] = [];
    const prepare = services.uploads.prepare.bind(services.uploads);
    services.uploads.prepare = (bytes) => {
      prepared.push(open > 0);
      return prepare(bytes);
    };
    const app = buildApp({ config: store.config, data: counted }, services);
    const res = await app.request("/api/admin/products", {
      method: "POST",
      headers: admin.headers({ "Idempotency-Key": "edit-with-image" }),
      body: JSON.stringify({
        title: "Pictured",
        price: { USD: 100 },
        image: `data:image/png;base64,${(await png(64, 48)).toString("base64")}`,
      }),
    });
    expect(res.status).toBe(201);
    const product = (await res.json()) as { image: string };
    expect(product.image).toMatch(/^\/uploads\/[0-9a-f]{24}-1200\.webp$/);
    expect(prepared).toEqual([false]);
    expect((await app.request(product.image)).status).toBe(200);
  });

  it("accepts bare base64 and a multipart file field", async () => {
    const bytes = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#fff" } })
      .jpeg()
      .toBuffer();
    const bare = await admin.request("POST", "/api/upload-image", { fileBase64: bytes.toString("base64") });
    expect(bare.status).toBe(201);
    const multi = await sendFile(bytes, "photo.jpg", "image/jpeg");
    expect(multi.status).toBe(201);
    expect(((await multi.json()) as { url: string }).url).toMatch(/-1200\.webp$/);

    for (const format of ["webp", "gif", "avif"] as const) {
      const img = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#0a0" } })
        .toFormat(format)
        .toBuffer();
      const res = await admin.request("POST", "/api/upload-image", { fileBase64: img.toString("base64") });
      expect(res.status, format).toBe(201);
    }
  });

  it("refuses a PHP file renamed .png, an SVG with a script, and bytes that only look like a PNG", async () => {
    const php = Buffer.from("<?php system($_GET['c']); ?>");
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);
    for (const [name, bytes, type] of [
      ["shell.png", php, "image/png"],
      ["x.svg", svg, "image/svg+xml"],
      ["broken.png", fakePng, "image/png"],
    ] as const) {
      const json = await admin.request("POST", "/api/upload-image", {
        fileBase64: `data:${type};base64,${bytes.toString("base64")}`,
      });
      expect(json.status, name).toBe(400);
      expect(await json.json()).toMatchObject({ error: expect.stringContaining("PNG, JPEG, WebP, GIF or AVIF") });
      const multi = await sendFile(bytes, name, type);
      expect(multi.status, name).toBe(400);
    }
    expect(await storedNames()).toEqual([]);
  });

  it("refuses an image over 5 MB with 413", async () => {
    const big = Buffer.concat([await png(10, 10), randomBytes(6 * 1024 * 1024)]);
    const json = await admin.request("POST", "/api/upload-image", { fileBase64: big.toString("base64") });
    expect(json.status).toBe(413);
    expect(await json.json()).toEqual({
      error: "Image too large (max 5 MB)",
      code: "image_too_large",
      params: { max: 5 },
    });
    const multi = await sendFile(big, "big.png", "image/png");
    expect(multi.status).toBe(413);
    expect(await multi.json()).toEqual({
      error: "Image too large (max 5 MB)",
      code: "image_too_large",
      params: { max: 5 },
    });
  });

  it("refuses missing or non-base64 data with 400", async () => {
    expect((await admin.request("POST", "/api/upload-image", {})).status).toBe(400);
    expect((await admin.request("POST", "/api/upload-image", { fileBase64: "%%%not base64%%%" })).status).toBe(400);
    expect((await admin.request("POST", "/api/upload-image", { fileBase64: "data:text/plain,hello" })).status).toBe(
      400,
    );
  });

  it("needs a session and the CSRF token", async () => {
    const body = JSON.stringify({ fileBase64: (await png(10, 10)).toString("base64") });
    expect(
      (
        await store.app.request("/api/upload-image", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body,
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await store.app.request("/api/upload-image", {
          method: "POST",
          headers: { "Content-Type": "application/json", Cookie: admin.cookie },
          body,
        })
      ).status,
    ).toBe(403);
  });
});

describe("sniffImage", () => {
  it("recognises images by their magic numbers", async () => {
    const base = sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } });
    expect(sniffImage(await base.clone().png().toBuffer())).toBe("png");
    expect(sniffImage(await base.clone().jpeg().toBuffer())).toBe("jpeg");
    expect(sniffImage(await base.clone().webp().toBuffer())).toBe("webp");
    expect(sniffImage(await base.clone().gif().toBuffer())).toBe("gif");
    expect(sniffImage(await base.clone().avif().toBuffer())).toBe("avif");
    expect(sniffImage(Buffer.from("GIF89"))).toBeUndefined();
    expect(sniffImage(Buffer.from("<svg/>"))).toBeUndefined();
  });
});

describe("image addresses on a store served over https", () => {
  let store: TestStore;
  let admin: AdminClient;
  beforeEach(async () => {
    ({ store, admin } = await openAdminStore({ seed: false, env: { PUBLIC_URL: "https://shop.example" } }));
  });
  afterEach(() => store.close());

  it("refuses an http: image on products and banners (mixed content) with a 400 naming the field", async () => {
    const product = { title: "Card", price: { USD: 500 }, image: "http://cdn.example/card.png" };
    const banner = { title: "Sale", image: "HTTP://cdn.example/sale.png", link: "/" };
    for (const [path, body] of [
      ["/api/admin/products", product],
      ["/api/admin/banners", banner],
    ] as const) {
      const res = await admin.request("POST", path, body);
      expect(res.status, path).toBe(400);
      expect(await res.json()).toMatchObject({
        code: "insecure_image",
        fieldCodes: { image: { code: "insecure_image" } },
      });
    }
    const created = await admin.request("POST", "/api/admin/products", { ...product, image: "" });
    const { id } = (await created.json()) as { id: string };
    const edit = await admin.request("PUT", `/api/admin/products/${id}`, { image: "http://cdn.example/x.png" });
    expect(edit.status).toBe(400);
  });

  it("takes https: addresses and site paths", async () => {
    for (const image of ["https://cdn.example/card.png", "/uploads/demo/steam-20.webp", ""]) {
      const res = await admin.request("POST", "/api/admin/products", { title: "Card", price: { USD: 500 }, image });
      expect(res.status, image).toBe(201);
    }
  });

  it("still takes http: images on a store served over http", async () => {
    const plain = await createTestStore({ env: ADMIN_ENV });
    const res = await (
      await signIn(plain)
    ).request("POST", "/api/admin/products", {
      title: "Card",
      price: { USD: 500 },
      image: "http://cdn.example/card.png",
    });
    expect(res.status).toBe(201);
    await plain.close();
  });
});
