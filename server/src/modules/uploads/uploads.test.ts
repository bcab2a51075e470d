import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import sharp from "sharp";
import { createTestStore, type TestStore } from "../../test/harness.ts";
import { ADMIN_ENV, signIn, type AdminClient } from "../../test/admin-session.ts";
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
    store = await createTestStore({ env: ADMIN_ENV });
    admin = await signIn(store);
  });
  afterEach(() => store.close());

  const uploads = () => path.join(store.dataDir, "uploads");

  it("accepts a real PNG as a data URL and writes WebP variants without upscaling", async () => {
    const res = await admin.request("POST", "/api/upload-image", {
      fileBase64: `data:image/png;base64,${(await png(800, 400)).toString("base64")}`,
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { url: string; variants: { card: string; detail: string } };
    expect(body.url).toMatch(/^\/uploads\/[0-9a-f]{24}-1200\.webp$/);
    expect(body.variants.detail).toBe(body.url);
    expect(body.variants.card).toMatch(/-600\.webp$/);
    const card = await sharp(path.join(uploads(), path.basename(body.variants.card))).metadata();
    const detail = await sharp(path.join(uploads(), path.basename(body.variants.detail))).metadata();
    expect(card).toMatchObject({ format: "webp", width: 600, height: 300 });
    expect(detail).toMatchObject({ format: "webp", width: 800, height: 400 });
    expect(detail.exif).toBeUndefined();

    const served = await store.app.request(body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("Cache-Control")).toContain("immutable");
  });

  it("accepts bare base64 and a multipart file field", async () => {
    const bytes = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#fff" } })
      .jpeg()
      .toBuffer();
    const bare = await admin.request("POST", "/api/upload-image", { fileBase64: bytes.toString("base64") });
    expect(bare.status).toBe(201);
    const form = new FormData();
    form.append("file", new File([new Uint8Array(bytes)], "photo.jpg", { type: "image/jpeg" }));
    const multi = await store.app.request("/api/upload-image", {
      method: "POST",
      headers: { Cookie: admin.cookie, "X-CSRF-Token": admin.csrfToken },
      body: form,
    });
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
      const form = new FormData();
      form.append("file", new File([new Uint8Array(bytes)], name, { type }));
      const multi = await store.app.request("/api/upload-image", {
        method: "POST",
        headers: { Cookie: admin.cookie, "X-CSRF-Token": admin.csrfToken },
        body: form,
      });
      expect(multi.status, name).toBe(400);
    }
    expect(fs.existsSync(uploads()) ? fs.readdirSync(uploads()) : []).toEqual([]);
  });

  it("refuses an image over 5 MB with 413", async () => {
    const big = Buffer.concat([await png(10, 10), randomBytes(6 * 1024 * 1024)]);
    const json = await admin.request("POST", "/api/upload-image", { fileBase64: big.toString("base64") });
    expect(json.status).toBe(413);
    expect(await json.json()).toEqual({ error: "Image too large (max 5 MB)" });
    const form = new FormData();
    form.append("file", new File([new Uint8Array(big)], "big.png", { type: "image/png" }));
    const multi = await store.app.request("/api/upload-image", {
      method: "POST",
      headers: { Cookie: admin.cookie, "X-CSRF-Token": admin.csrfToken },
      body: form,
    });
    expect(multi.status).toBe(413);
    expect(await multi.json()).toEqual({ error: "Image too large (max 5 MB)" });
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
