/** Image uploads: recognised by their bytes, decoded by sharp, re-encoded as WebP variants without metadata. */
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { AppError, ValidationError } from "../../http/errors.ts";
import { IMAGE_TOO_LARGE, MAX_UPLOAD_BYTES, type UploadResponse } from "@store/shared/schemas/admin";

export const UNSUPPORTED_IMAGE = "Unsupported image: upload a PNG, JPEG, WebP, GIF or AVIF file";

type Kind = "png" | "jpeg" | "webp" | "gif" | "avif";

/** What sharp's metadata calls each kind (AVIF is read through libheif). */
const SHARP_FORMAT: Record<Kind, string> = { png: "png", jpeg: "jpeg", webp: "webp", gif: "gif", avif: "heif" };

/** Output widths: product cards and the detail page. Never upscaled. */
export const VARIANT_WIDTHS = { card: 600, detail: 1200 } as const;

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
export function decodeBase64Image(input: string): Buffer {
  const trimmed = input.trim();
  const m = /^data:([^,]*),/i.exec(trimmed);
  if (m && !/;base64$/i.test(m[1] ?? ""))
    throw new ValidationError(UNSUPPORTED_IMAGE, { fileBase64: "Expected base64 image data" });
  const payload = (m ? trimmed.slice(m[0].length) : trimmed).replace(/\s+/g, "");
  if (payload.length === 0 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(payload)) {
    throw new ValidationError("The image data is not valid base64", {
      fileBase64: "The image data is not valid base64",
    });
  }
  if (Math.floor((payload.length * 3) / 4) > MAX_UPLOAD_BYTES + 3) throw new AppError(413, IMAGE_TOO_LARGE);
  const bytes = Buffer.from(payload, payload.includes("-") || payload.includes("_") ? "base64url" : "base64");
  if (bytes.length > MAX_UPLOAD_BYTES) throw new AppError(413, IMAGE_TOO_LARGE);
  return bytes;
}

export class UploadsService {
  constructor(private readonly uploadsDir: string) {}

  /** Checks, decodes and stores an image; the response names the detail variant as `url`. */
  async store(bytes: Buffer): Promise<UploadResponse> {
    if (bytes.length > MAX_UPLOAD_BYTES) throw new AppError(413, IMAGE_TOO_LARGE);
    const kind = sniffImage(bytes);
    if (!kind) throw new ValidationError(UNSUPPORTED_IMAGE, { file: UNSUPPORTED_IMAGE });

    let format: string | undefined;
    try {
      format = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).metadata()).format;
    } catch {
      throw new ValidationError(UNSUPPORTED_IMAGE, { file: "The image could not be read" });
    }
    if (format !== SHARP_FORMAT[kind])
      throw new ValidationError(UNSUPPORTED_IMAGE, { file: "The image could not be read" });

    const name = randomBytes(12).toString("hex");
    const outputs: { key: keyof typeof VARIANT_WIDTHS; file: string; data: Buffer }[] = [];
    try {
      for (const [key, width] of Object.entries(VARIANT_WIDTHS) as [keyof typeof VARIANT_WIDTHS, number][]) {
        // rotate() applies the EXIF orientation before the metadata (EXIF, GPS, ICC...) is dropped.
        const data = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 82 })
          .toBuffer();
        outputs.push({ key, file: `${name}-${width}.webp`, data });
      }
    } catch {
      throw new ValidationError(UNSUPPORTED_IMAGE, { file: "The image could not be read" });
    }

    fs.mkdirSync(this.uploadsDir, { recursive: true });
    const written: string[] = [];
    try {
      for (const o of outputs) {
        const final = path.join(this.uploadsDir, o.file);
        const tmp = `${final}.${randomBytes(4).toString("hex")}.tmp`;
        fs.writeFileSync(tmp, o.data);
        fs.renameSync(tmp, final);
        written.push(final);
      }
    } catch (err) {
      for (const f of written) fs.rmSync(f, { force: true });
      throw err;
    }
    const url = (key: keyof typeof VARIANT_WIDTHS) => `/uploads/${name}-${VARIANT_WIDTHS[key]}.webp`;
    return { url: url("detail"), variants: { card: url("card"), detail: url("detail") } };
  }

  storeBase64(input: string): Promise<UploadResponse> {
    return this.store(decodeBase64Image(input));
  }

  /** Product and banner images given as data URLs become uploads; other references pass through. */
  async resolveImage(image: string, field = "image"): Promise<string> {
    if (!/^data:/i.test(image)) return image;
    try {
      return (await this.storeBase64(image)).url;
    } catch (err) {
      if (err instanceof AppError && err.status === 400)
        throw new ValidationError(err.message, { [field]: err.message });
      if (err instanceof AppError && err.status === 413)
        throw new AppError(413, IMAGE_TOO_LARGE, undefined, { [field]: IMAGE_TOO_LARGE });
      throw err;
    }
  }
}
