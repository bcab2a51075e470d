/** Image uploads: recognised by their bytes, decoded by sharp, re-encoded as WebP variants without metadata,
 * and kept in the database (table `uploads`), so every instance serves them (docs/decisions.md D26).
 *
 * Re-encoding takes tens of milliseconds of CPU: it runs before any transaction (prepare()), and the bytes
 * are written afterwards in a short one (save()). A request whose handler runs inside a transaction (a keyed
 * admin edit, see admin.idempotency.ts) has its data-URL images prepared ahead by the prepareImages()
 * middleware, and resolveImage() inside the transaction takes them ready. */
import { createHash, randomBytes } from "node:crypto";
import sharp from "sharp";
import type { MiddlewareHandler } from "hono";
import type { DataLayer } from "../../db/data.ts";
import { ERROR_CODES, FIELD_ERROR_CODES } from "@store/shared/schemas/error-codes";
import { AppError, ValidationError, fieldRefusal, problem, type Problem } from "../../http/errors.ts";
import { IMAGE_TOO_LARGE, MAX_UPLOAD_BYTES, type UploadResponse } from "@store/shared/schemas/admin";
import { readBodyText } from "../../http/validate.ts";
import type { StoredImage, UploadsRepo } from "./uploads.repo.ts";
import { isRecord } from "@store/shared/is-record";

const UNSUPPORTED_IMAGE = "Unsupported image: upload a PNG, JPEG, WebP, GIF or AVIF file";
export const UNSUPPORTED = problem(UNSUPPORTED_IMAGE, ERROR_CODES.imageUnsupported);
const INSECURE_IMAGE: Problem = problem(
  "This store is served over https: an image address must start with https://, or be a site path or an upload",
  FIELD_ERROR_CODES.insecureImage,
);

export const TOO_LARGE = problem(IMAGE_TOO_LARGE, ERROR_CODES.imageTooLarge, { max: MAX_UPLOAD_BYTES / 1024 / 1024 });
const UNREADABLE = problem("The image could not be read", ERROR_CODES.imageUnreadable);
const unreadable = () => new ValidationError(UNSUPPORTED, { file: UNREADABLE });

type Kind = "png" | "jpeg" | "webp" | "gif" | "avif";

/** What sharp's metadata calls each kind (AVIF is read through libheif). */
const SHARP_FORMAT: Record<Kind, string> = { png: "png", jpeg: "jpeg", webp: "webp", gif: "gif", avif: "heif" };

/** Output widths: product cards and the detail page. Never upscaled. */
const VARIANT_WIDTHS = { card: 600, detail: 1200 } as const;

/** Decompression bombs: refuse images above this many pixels before decoding them. */
const MAX_INPUT_PIXELS = 50_000_000;

function ascii(bytes: Buffer, start: number, end: number): string {
  return bytes.subarray(start, end).toString("latin1");
}

/** The image type by magic numbers, whatever the file name or declared type says. */
export function sniffImage(bytes: Buffer): Kind | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a")) return "gif";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === "ftyp") {
    const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
    const brands = [ascii(bytes, 8, 12)];
    for (let i = 16; i + 4 <= boxSize; i += 4) brands.push(ascii(bytes, i, i + 4));
    if (brands.some((b) => b === "avif" || b === "avis")) return "avif";
  }
  return undefined;
}

/** A data URL or bare base64 -> bytes; 413 above the size limit, 400 when it is not base64 at all. */
function decodeBase64Image(input: string): Buffer {
  const trimmed = input.trim();
  const m = /^data:([^,]*),/i.exec(trimmed);
  if (m && !/;base64$/i.test(m[1] ?? ""))
    throw new ValidationError(UNSUPPORTED, { fileBase64: problem("Expected base64 image data", UNSUPPORTED.code) });
  const payload = (m ? trimmed.slice(m[0].length) : trimmed).replace(/\s+/g, "");
  if (payload.length === 0 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(payload)) {
    throw fieldRefusal("fileBase64", problem("The image data is not valid base64", ERROR_CODES.imageUnreadable));
  }
  if (Math.floor((payload.length * 3) / 4) > MAX_UPLOAD_BYTES + 3) throw new AppError(413, TOO_LARGE);
  const bytes = Buffer.from(payload, payload.includes("-") || payload.includes("_") ? "base64url" : "base64");
  if (bytes.length > MAX_UPLOAD_BYTES) throw new AppError(413, TOO_LARGE);
  return bytes;
}

/** An image re-encoded and named, not stored yet. */
export interface PreparedImage {
  name: string;
  variants: { key: keyof typeof VARIANT_WIDTHS; file: string; data: Buffer }[];
}

/** How long a prepared image waits for the request that prepared it, and how many may wait at once. */
const PREPARED_TTL_MS = 60_000;
const MAX_PREPARED = 16;

const WEBP = "image/webp";

export class UploadsService {
  /** Data-URL images prepared ahead of a transaction, by the SHA-256 of the data URL. */
  private readonly prepared = new Map<string, { image: Promise<PreparedImage>; timer: NodeJS.Timeout }>();

  private readonly clock: () => number;
  /** On a store served over https (PUBLIC_URL), an http: image would be mixed content: browsers block it or mark
   * the page insecure. Site paths, uploads and https: addresses are what such a store takes. */
  private readonly httpsOnly: boolean;

  constructor(
    private readonly data: DataLayer,
    private readonly repo: UploadsRepo,
    options: { publicUrl?: string; clock?: () => number } = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.httpsOnly = /^https:/i.test(options.publicUrl ?? "");
  }

  /** Checks, decodes and re-encodes an image; no database work (call it outside transactions). */
  async prepare(bytes: Buffer): Promise<PreparedImage> {
    if (bytes.length > MAX_UPLOAD_BYTES) throw new AppError(413, TOO_LARGE);
    const kind = sniffImage(bytes);
    if (!kind) throw fieldRefusal("file", UNSUPPORTED);

    let format: string | undefined;
    try {
      format = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).metadata()).format;
    } catch {
      throw unreadable();
    }
    if (format !== SHARP_FORMAT[kind]) throw unreadable();

    const name = randomBytes(12).toString("hex");
    const variants: PreparedImage["variants"] = [];
    try {
      for (const [key, width] of Object.entries(VARIANT_WIDTHS) as [keyof typeof VARIANT_WIDTHS, number][]) {
        // rotate() applies the EXIF orientation before the metadata (EXIF, GPS, ICC...) is dropped.
        const data = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer();
        variants.push({ key, file: `${name}-${width}.webp`, data });
      }
    } catch {
      throw unreadable();
    }
    return { name, variants };
  }

  /** Writes a prepared image's variants in one short transaction (a savepoint inside an open one); the
   * response names the detail variant as `url`. */
  async save(image: PreparedImage): Promise<UploadResponse> {
    const createdAt = this.clock();
    await this.data.transaction((tx) =>
      this.repo.insert(
        tx,
        image.variants.map((v) => ({ name: v.file, contentType: WEBP, bytes: v.data, createdAt })),
      ),
    );
    const url = (key: keyof typeof VARIANT_WIDTHS) => `/uploads/${image.name}-${VARIANT_WIDTHS[key]}.webp`;
    return { url: url("detail"), variants: { card: url("card"), detail: url("detail") } };
  }

  async store(bytes: Buffer): Promise<UploadResponse> {
    return this.save(await this.prepare(bytes));
  }

  storeBase64(input: string): Promise<UploadResponse> {
    return this.store(decodeBase64Image(input));
  }

  /** Starts re-encoding a data-URL image now (before a transaction), for resolveImage() to take later. */
  prepareAhead(dataUrl: string): void {
    const id = createHash("sha256").update(dataUrl).digest("hex");
    if (this.prepared.has(id) || this.prepared.size >= MAX_PREPARED) return;
    const image = (async () => this.prepare(decodeBase64Image(dataUrl)))();
    // A refused image is refused again, with the right field, when resolveImage() takes it.
    image.catch(() => undefined);
    const timer = setTimeout(() => this.prepared.delete(id), PREPARED_TTL_MS);
    timer.unref();
    this.prepared.set(id, { image, timer });
  }

  private takePrepared(dataUrl: string): Promise<PreparedImage> | undefined {
    const id = createHash("sha256").update(dataUrl).digest("hex");
    const entry = this.prepared.get(id);
    if (!entry) return undefined;
    clearTimeout(entry.timer);
    this.prepared.delete(id);
    return entry.image;
  }

  /** Product and banner images given as data URLs become uploads; other references pass through. */
  async resolveImage(image: string, field = "image"): Promise<string> {
    if (this.httpsOnly && /^http:/i.test(image)) throw fieldRefusal(field, INSECURE_IMAGE);
    if (!/^data:/i.test(image)) return image;
    try {
      const prepared = this.takePrepared(image) ?? this.prepare(decodeBase64Image(image));
      return (await this.save(await prepared)).url;
    } catch (err) {
      if (err instanceof AppError && err.status === 400) {
        const why: Problem = { message: err.message, code: err.code ?? ERROR_CODES.imageUnsupported };
        throw fieldRefusal(field, why);
      }
      if (err instanceof AppError && err.status === 413)
        throw new AppError(413, TOO_LARGE, undefined, { [field]: TOO_LARGE });
      throw err;
    }
  }

  /** A stored image by its name under /uploads/ (e.g. `3fa...-1200.webp`, `demo/steam-20.webp`). */
  get(name: string): Promise<StoredImage | undefined> {
    return this.data.read((tx) => this.repo.get(tx, name));
  }
}

/** Before the admin routes' transaction (admin.idempotency.ts): the top-level data-URL fields of a JSON body
 * (a product's or banner's `image`) start re-encoding here, so no transaction waits on image processing. */
export function prepareImages(uploads: UploadsService): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (
      (method === "POST" || method === "PUT" || method === "PATCH") &&
      /json/i.test(c.req.header("Content-Type") ?? "")
    ) {
      const text = await readBodyText(c);
      if (text.includes('"data:')) {
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        if (isRecord(body)) {
          for (const value of Object.values(body)) {
            if (typeof value === "string" && /^data:/i.test(value)) uploads.prepareAhead(value);
          }
        }
      }
    }
    await next();
  };
}
