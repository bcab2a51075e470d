/** An image chosen from a file (uploaded, or kept as local data when the upload fails) or typed as a URL or base64 data. */
import { useId, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { MAX_UPLOAD_BYTES } from "@store/shared/schemas/admin";
import * as api from "../../../api/admin-endpoints.ts";
import { adminApi } from "../../../local/admin-api.ts";

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === "string" ? resolve(reader.result) : reject(new Error("Unreadable file"));
    reader.onerror = () => reject(reader.error ?? new Error("Unreadable file"));
    reader.readAsDataURL(file);
  });
}

interface ImageFieldProps {
  value: string;
  onChange: (image: string) => void;
  error?: string | undefined;
}

export function ImageField({ value, onChange, error }: ImageFieldProps) {
  const { t } = useLingui();
  const id = useId();
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  /** The file last picked: the native input is emptied after each pick (so the same file can be picked again),
   * and would then say "No file chosen" under an image that was just uploaded. */
  const [picked, setPicked] = useState<{ name: string; uploaded: boolean } | null>(null);

  async function pick(file: File | undefined) {
    setFileError(null);
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      setFileError(t`Choose an image file`);
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setFileError(t`Image too large (max 5 MB)`);
      return;
    }
    let dataUrl: string;
    try {
      dataUrl = await readAsDataUrl(file);
    } catch {
      setFileError(t`Choose an image file`);
      return;
    }
    setLocalPreview(dataUrl);
    onChange(dataUrl);
    setPicked({ name: file.name, uploaded: false });
    setUploading(true);
    try {
      const uploaded = await adminApi.call(api.uploads.image, { body: { fileBase64: dataUrl } });
      onChange(uploaded.url);
      setPicked({ name: file.name, uploaded: true });
    } catch (err) {
      // docs/product.md: an upload failure falls back silently to the local base64 data (the server stores it on save).
      console.warn("Image upload failed; keeping the local image data", err);
    } finally {
      setUploading(false);
    }
  }

  const preview = localPreview ?? value.trim();
  const shownError = fileError ?? error;
  return (
    <fieldset className="field ac-image-field">
      <legend>
        <Trans>Image</Trans>
      </legend>
      <div className="ac-image-field__body">
        <div className="ac-image-field__preview" aria-live="polite">
          {preview ? <img src={preview} alt={t`Image preview`} /> : <span className="muted">{t`No image`}</span>}
        </div>
        <div className="ac-image-field__inputs">
          <input
            id={`${id}-file`}
            className="visually-hidden ac-image-field__file"
            type="file"
            accept="image/*"
            onChange={(e) => {
              void pick(e.currentTarget.files?.[0]);
              e.currentTarget.value = "";
            }}
          />
          <label htmlFor={`${id}-file`} className="btn btn--secondary btn--sm ac-image-field__pick">
            <Trans>Upload an image</Trans>
          </label>
          <span className="muted ac-image-field__picked" role="status">
            {uploading ? <Trans>Uploading...</Trans> : null}
            {!uploading && picked?.uploaded ? <Trans>Uploaded: {picked.name}</Trans> : null}
            {!uploading && picked && !picked.uploaded ? <Trans>Kept on this device: {picked.name}</Trans> : null}
          </span>
          <label htmlFor={`${id}-url`}>
            <Trans>Image URL or base64 data</Trans>
          </label>
          <input
            id={`${id}-url`}
            type="text"
            inputMode="url"
            value={value}
            placeholder="https://…"
            aria-invalid={shownError ? true : undefined}
            onChange={(e) => {
              setLocalPreview(null);
              setPicked(null);
              onChange(e.currentTarget.value);
            }}
          />
          {shownError ? <p className="ac-field-error">{shownError}</p> : null}
        </div>
      </div>
    </fieldset>
  );
}
