import { Hono } from "hono";
import { MAX_UPLOAD_BYTES, uploadRequestSchema } from "@store/shared/schemas/admin";
import { ERROR_CODES } from "@store/shared/schemas/error-codes";
import { AppError, fieldRefusal, problem } from "../../http/errors.ts";
import type { AdminEnv } from "../../http/session.ts";
import { readForm, readJson } from "../../http/validate.ts";
import { TOO_LARGE, UNSUPPORTED, type UploadsService } from "./uploads.service.ts";

/** POST /api/upload-image: JSON { fileBase64 } (data URL or bare base64) or multipart field `file`.
 * GET /uploads/*: a stored image, cached for a year (names are never reused); a name not in the database is
 * left to the static files (DATA_DIR/uploads, where earlier versions wrote them). */
export function uploadsRoutes(uploads: UploadsService): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();

  app.post("/api/upload-image", async (c) => {
    const type = c.req.header("Content-Type") ?? "";
    if (/^multipart\/form-data/i.test(type)) {
      const form = await readForm(c);
      const file = form.file;
      if (!(file instanceof File))
        throw fieldRefusal("file", problem("Choose an image file", ERROR_CODES.imageRequired));
      if (file.size > MAX_UPLOAD_BYTES) throw new AppError(413, TOO_LARGE);
      if (file.size === 0) throw fieldRefusal("file", UNSUPPORTED);
      return c.json(await uploads.store(Buffer.from(await file.arrayBuffer())), 201);
    }
    const { fileBase64 } = await readJson(c, uploadRequestSchema);
    return c.json(await uploads.storeBase64(fileBase64), 201);
  });

  app.get("/uploads/*", async (c, next) => {
    let name: string;
    try {
      name = decodeURIComponent(c.req.path.slice("/uploads/".length));
    } catch {
      return c.json({ error: "Not found" }, 404);
    }
    const image = name === "" ? undefined : await uploads.get(name);
    if (!image) return next();
    const etag = `"${image.createdAt.toString(16)}-${image.bytes.length.toString(16)}"`;
    c.header("Content-Type", image.contentType);
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    c.header("ETag", etag);
    if (c.req.header("If-None-Match") === etag) return c.body(null, 304);
    return c.body(new Uint8Array(image.bytes));
  });

  return app;
}
