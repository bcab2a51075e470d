/** Admin > Banners (docs/decisions.md D19): add and edit in a
 * form (title, image, link, active), switch on and off, move up and down (the home carousel's order), delete.
 * Every change, a move included, is queued offline like the other admin edits. */
import { useId, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { toast } from "../../../ui/toast.tsx";
import { z } from "zod";
import {
  adminBannerSchema,
  bannerCreateSchema,
  bannerUpdateSchema,
  type AdminBanner,
} from "@store/shared/schemas/admin";
import { useLiveQuery } from "dexie-react-hooks";
import { adminApi, isQueued } from "../../../api/admin-client.ts";
import { db } from "../../../local/db.ts";
import { ConfirmDialog, Dialog } from "../../../ui/dialog.tsx";
import {
  errorText,
  fieldErrorsOf,
  isConflict,
  refreshStorefront,
  saveEntity,
  useAdminResource,
} from "../panel/admin-request.ts";
import { ImageField } from "../panel/image-field.tsx";
import { PendingBadge } from "../panel/pending-badge.tsx";
import { pendingActive, pendingPosition, usePendingEdits } from "../panel/pending-edits.ts";
import { fieldErrorsFromIssues } from "../panel/field-errors.ts";
import { compactTranslations } from "@store/shared/catalog-translations";
import { TranslatedInputs, type LangTexts } from "../panel/translated-inputs.tsx";
import { ActiveSwitch } from "../panel/active-switch.tsx";
import { useChangeToasts } from "../panel/change-toasts.ts";
import { FormActions } from "../panel/form-actions.tsx";
import { FormField } from "../panel/form-field.tsx";
import { ListState, OfflineCopyNote } from "../panel/list-state.tsx";
import { PendingCreations } from "../panel/pending-creations.tsx";
import { DeleteButton, EditButton } from "../panel/row-buttons.tsx";
import "../panel/panels.css";
import { AdminForm } from "../panel/admin-form.tsx";

const bannerListSchema = z.array(adminBannerSchema);

type FormMode = { kind: "idle" } | { kind: "creating" } | { kind: "editing"; banner: AdminBanner };

export function BannersPanel() {
  const { t } = useLingui();
  const banners = useAdminResource("/api/admin/banners", bannerListSchema, () =>
    toast.error(t`Failed to load banners`),
  );
  const pending = usePendingEdits("banner");
  const [mode, setMode] = useState<FormMode>({ kind: "idle" });
  const [toDelete, setToDelete] = useState<AdminBanner | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const toasts = useChangeToasts();

  // Offline, the banners synced on this device (the storefront's copy) stand in for the server's list.
  const localBanners = useLiveQuery(() => db.banners.toArray(), []);
  const offlineCopy = banners.data === undefined && banners.error !== null && localBanners !== undefined;
  const shown = banners.data ?? (offlineCopy ? localBanners : undefined);
  // In the order the storefront shows them, moves still waiting to be sent included.
  const positionOf = (b: AdminBanner) => pendingPosition(pending, b.id) ?? b.position;
  const list = shown
    ? [...shown].sort((a, b) => positionOf(a) - positionOf(b) || a.title.localeCompare(b.title))
    : undefined;

  function failed(err: unknown, title: string, subject: string) {
    toasts.failed(err, title, subject, t`This banner was changed by someone else.`);
  }

  async function toggle(banner: AdminBanner, active: boolean) {
    setBusyId(banner.id);
    try {
      await adminApi.send<unknown>(
        "PUT",
        `/api/admin/banners/${encodeURIComponent(banner.id)}`,
        { active },
        {
          queueOffline: {
            entity: "banner",
            entityId: banner.id,
            baseVersion: banner.version,
            label: active ? t`Show banner: ${banner.title}` : t`Hide banner: ${banner.title}`,
          },
        },
      );
      toast.success(active ? t`Banner shown` : t`Banner hidden`);
      refreshStorefront();
    } catch (err) {
      failed(err, t`Failed to update banner`, banner.title);
    } finally {
      setBusyId(null);
      void banners.reload();
    }
  }

  /** Swaps a banner with its neighbour; every banner whose place changes gets its index as its position (so
   * banners that shared a position get distinct ones), each as its own edit. */
  async function move(banner: AdminBanner, step: -1 | 1) {
    if (!list) return;
    const from = list.findIndex((b) => b.id === banner.id);
    const to = from + step;
    const other = list[to];
    if (from < 0 || !other) return;
    const order = [...list];
    order[from] = other;
    order[to] = banner;
    setBusyId(banner.id);
    try {
      let queued = false;
      for (const [index, b] of order.entries()) {
        if (positionOf(b) === index) continue;
        try {
          await adminApi.send<unknown>(
            "PUT",
            `/api/admin/banners/${encodeURIComponent(b.id)}`,
            { position: index },
            {
              queueOffline: {
                entity: "banner",
                entityId: b.id,
                baseVersion: b.version,
                label: t`Move banner: ${b.title}`,
              },
            },
          );
        } catch (err) {
          // Offline, every move of the swap waits in the outbox; any other failure stops it.
          if (!isQueued(err)) throw err;
          queued = true;
        }
      }
      if (queued) toasts.queued(banner.title);
      else toast.success(t`Banner order saved`);
      refreshStorefront();
    } catch (err) {
      failed(err, t`Failed to move banner`, banner.title);
    } finally {
      setBusyId(null);
      void banners.reload();
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    const banner = toDelete;
    setBusyId(banner.id);
    try {
      await adminApi.send<unknown>(
        "DELETE",
        `/api/admin/banners/${encodeURIComponent(banner.id)}?version=${banner.version}`,
        undefined,
        {
          queueOffline: {
            entity: "banner",
            entityId: banner.id,
            baseVersion: banner.version,
            label: t`Delete banner: ${banner.title}`,
          },
        },
      );
      toast.success(t`Banner deleted`);
      refreshStorefront();
    } catch (err) {
      failed(err, t`Failed to delete banner`, banner.title);
    } finally {
      setBusyId(null);
      setToDelete(null);
      void banners.reload();
    }
  }

  return (
    <section className="ac-panel" aria-labelledby="admin-banners-title">
      <div className="ac-panel__head">
        <h2 id="admin-banners-title">
          <Trans>Banners</Trans>
        </h2>
        <button type="button" className="btn btn--primary" onClick={() => setMode({ kind: "creating" })}>
          <Trans>Add Banner</Trans>
        </button>
      </div>

      <OfflineCopyNote shown={offlineCopy} />
      <PendingCreations rows={pending.creations} />

      <ListState
        items={list}
        empty={<Trans>No banners yet. The home page shows its default slides.</Trans>}
        failure={
          banners.error !== null && !offlineCopy
            ? { message: <Trans>Banners could not be loaded.</Trans>, retry: () => void banners.reload() }
            : undefined
        }
      >
        {(items) => (
          <ul className="ac-list">
            {items.map((b, index) => {
              const active = pendingActive(pending, b.id) ?? b.active;
              return (
                <li key={b.id} className="ac-row" data-testid="admin-banner-row" data-banner-id={b.id}>
                  {b.image ? (
                    <img className="ac-row__thumb" src={b.image} alt="" loading="lazy" />
                  ) : (
                    <span className="ac-row__thumb" aria-hidden="true" />
                  )}
                  <span className="ac-row__main">
                    <span className="ac-row__name">{b.title}</span>
                    <PendingBadge status={pending.byId.get(b.id)} />
                  </span>
                  <span className="ac-row__actions">
                    <button
                      type="button"
                      className="btn btn--ghost btn--icon"
                      aria-label={t`Move up: ${b.title}`}
                      title={t`Move up: ${b.title}`}
                      disabled={index === 0 || busyId !== null}
                      onClick={() => void move(b, -1)}
                    >
                      <span aria-hidden="true">↑</span>
                    </button>
                    <button
                      type="button"
                      className="btn btn--ghost btn--icon"
                      aria-label={t`Move down: ${b.title}`}
                      title={t`Move down: ${b.title}`}
                      disabled={index === items.length - 1 || busyId !== null}
                      onClick={() => void move(b, 1)}
                    >
                      <span aria-hidden="true">↓</span>
                    </button>
                    <ActiveSwitch
                      active={active}
                      name={b.title}
                      disabled={busyId === b.id}
                      onChange={(on) => void toggle(b, on)}
                    />
                    <EditButton name={b.title} onClick={() => setMode({ kind: "editing", banner: b })} />
                    <DeleteButton name={b.title} onClick={() => setToDelete(b)} />
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </ListState>

      <Dialog
        open={mode.kind !== "idle"}
        title={mode.kind === "editing" ? <Trans>Edit banner</Trans> : <Trans>Add Banner</Trans>}
        onClose={() => setMode({ kind: "idle" })}
      >
        {mode.kind === "idle" ? null : (
          <BannerForm
            key={mode.kind === "editing" ? `${mode.banner.id}@${mode.banner.version}` : "new"}
            banner={mode.kind === "editing" ? mode.banner : undefined}
            onCancel={() => setMode({ kind: "idle" })}
            onDone={() => {
              setMode({ kind: "idle" });
              void banners.reload();
            }}
          />
        )}
      </Dialog>

      <ConfirmDialog
        open={toDelete !== null}
        title={<Trans>Delete banner?</Trans>}
        message={<Trans>“{toDelete?.title ?? ""}” will be removed from the home page. This cannot be undone.</Trans>}
        confirmLabel={<Trans>Delete</Trans>}
        busy={busyId !== null}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}

interface BannerFormProps {
  banner?: AdminBanner | undefined;
  onCancel: () => void;
  onDone: () => void;
}

function BannerForm({ banner, onCancel, onDone }: BannerFormProps) {
  const { t } = useLingui();
  const id = useId();
  const [title, setTitle] = useState(banner?.title ?? "");
  const [image, setImage] = useState(banner?.image ?? "");
  const [link, setLink] = useState(banner?.link ?? "");
  const [active, setActive] = useState(banner?.active ?? true);
  // docs/product.md, "Catalog languages": the title in French and Arabic, each optional.
  const [titles, setTitles] = useState<LangTexts>({
    fr: banner?.translations?.fr?.title ?? "",
    ar: banner?.translations?.ar?.title ?? "",
  });
  const titleLabels: LangTexts = { fr: t`Title (French)`, ar: t`Title (Arabic)` };
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const toasts = useChangeToasts();

  async function save() {
    if (busy) return;
    const translations =
      compactTranslations({ fr: { title: titles.fr.trim() }, ar: { title: titles.ar.trim() } }) ?? {};
    const raw = { title, image, link, active, translations };
    const check = banner
      ? bannerUpdateSchema.safeParse({ ...raw, version: banner.version })
      : bannerCreateSchema.safeParse(raw);
    if (!check.success) {
      setErrors(fieldErrorsFromIssues(check.error.issues, "banner"));
      return;
    }
    setErrors({});
    setBusy(true);
    const body = { title: title.trim(), image: image.trim(), link: link.trim(), active, translations };
    try {
      await saveEntity("/api/admin/banners", "banner", banner, body, t`Banner: ${body.title}`);
      toast.success(banner ? t`Banner updated` : t`Banner added`);
      refreshStorefront();
      onDone();
    } catch (err) {
      if (toasts.wasQueued(err, body.title)) return onDone();
      setErrors(fieldErrorsOf(err, "banner"));
      const description = isConflict(err)
        ? t`This banner was changed by someone else.`
        : errorText(err, t`Something went wrong. Please try again.`, "banner");
      toast.error(banner ? t`Failed to update banner` : t`Failed to add banner`, { description });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AdminForm onSubmit={save}>
      <FormField id={`${id}-title`} label={<Trans>Title</Trans>} error={errors.title} announce>
        <input
          id={`${id}-title`}
          value={title}
          autoFocus
          aria-invalid={errors.title ? true : undefined}
          onChange={(e) => {
            setTitle(e.currentTarget.value);
            // A message about the title goes once the title is typed; Save checks it again.
            if (errors.title && e.currentTarget.value.trim() !== "") setErrors(({ title: _title, ...rest }) => rest);
          }}
        />
      </FormField>
      <TranslatedInputs
        id={id}
        field="title"
        labels={titleLabels}
        values={titles}
        errors={errors}
        onChange={setTitles}
      />
      <ImageField value={image} onChange={setImage} error={errors.image} />
      <FormField id={`${id}-link`} label={<Trans>Link</Trans>} error={errors.link}>
        <input
          id={`${id}-link`}
          value={link}
          placeholder="/category/gift-cards"
          inputMode="url"
          dir="ltr"
          aria-invalid={errors.link ? true : undefined}
          onChange={(e) => setLink(e.currentTarget.value)}
        />
      </FormField>
      <label className="ac-check">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
        <Trans>Active</Trans>
      </label>
      <FormActions busy={busy} onCancel={onCancel} />
    </AdminForm>
  );
}
