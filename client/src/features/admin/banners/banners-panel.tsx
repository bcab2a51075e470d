/** Admin > Banners (docs/decisions.md D19): add and edit in a
 * form (title, image, link, active), switch on and off, move up and down (the home carousel's order), delete.
 * Every change, a move included, is queued offline like the other admin edits. */
import { useId, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { toast } from "../../../ui/toast.tsx";
import * as api from "../../../api/admin-endpoints.ts";
import { bannerCreateSchema, bannerUpdateSchema, type AdminBanner } from "@store/shared/schemas/admin";
import { useLiveQuery } from "dexie-react-hooks";
import { isQueued } from "../../../api/admin-client.ts";
import { db } from "../../../local/db.ts";
import { ImageField } from "../panel/image-field.tsx";
import { PendingBadge } from "../panel/pending-badge.tsx";
import { pendingActive, pendingPosition } from "../panel/pending-edits.ts";
import { compactTranslations } from "@store/shared/catalog-translations";
import { TranslatedInputs, type LangTexts } from "../panel/translated-inputs.tsx";
import { ActiveSwitch } from "../panel/active-switch.tsx";
import { useChangeToasts } from "../panel/change-toasts.ts";
import { FormActions } from "../panel/form-actions.tsx";
import { FormField } from "../panel/form-field.tsx";
import { ListState, OfflineCopyNote } from "../panel/list-state.tsx";
import { PendingCreations } from "../panel/pending-creations.tsx";
import { DeleteButton, EditButton } from "../panel/row-buttons.tsx";
import { saveFormTo, type EntityKind } from "../panel/entity-editor/entity-kind.ts";
import { useEntityList } from "../panel/entity-editor/use-entity-list.ts";
import { useEntityEditor } from "../panel/entity-editor/use-entity-editor.ts";
import { useEntityForm } from "../panel/entity-editor/use-entity-form.ts";
import { EntityDeleteDialog, EntityFormDialog, EntitySection } from "../panel/entity-editor/entity-editor-parts.tsx";
import "../panel/panels.css";
import { AdminForm } from "../panel/admin-form.tsx";

const BANNERS = { entity: "banner", api: api.banners, key: "id", name: "title" } satisfies EntityKind<AdminBanner>;

export function BannersPanel() {
  const { t } = useLingui();
  // Offline, the banners synced on this device (the storefront's copy) stand in for the server's list.
  const localBanners = useLiveQuery(() => db.banners.toArray(), []);
  const banners = useEntityList(BANNERS, {
    from: api.banners.list,
    rows: (data) => data,
    local: { rows: localBanners },
    loadFailed: () => toast.error(t`Failed to load banners`),
  });
  const { pending } = banners;
  const editor = useEntityEditor(BANNERS, banners, {
    storefront: true,
    conflict: t`This banner was changed by someone else.`,
    remove: {
      label: (banner) => t`Delete banner: ${banner.title}`,
      done: t`Banner deleted`,
      failTitle: t`Failed to delete banner`,
      versioned: true,
    },
  });
  const toasts = useChangeToasts();
  const { busyId } = editor;

  // In the order the storefront shows them, moves still waiting to be sent included.
  const positionOf = (b: AdminBanner) => pendingPosition(pending, b.id) ?? b.position;
  const list = banners.items
    ? [...banners.items].sort((a, b) => positionOf(a) - positionOf(b) || a.title.localeCompare(b.title))
    : undefined;

  function toggle(banner: AdminBanner, active: boolean) {
    editor.update(
      banner,
      { active },
      {
        label: active ? t`Show banner: ${banner.title}` : t`Hide banner: ${banner.title}`,
        done: active ? t`Banner shown` : t`Banner hidden`,
        failTitle: t`Failed to update banner`,
      },
    );
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
    await editor.run(banner, t`Failed to move banner`, async () => {
      let queued = false;
      for (const [index, b] of order.entries()) {
        if (positionOf(b) === index) continue;
        try {
          await editor.send(b, { position: index }, t`Move banner: ${b.title}`);
        } catch (err) {
          // Offline, every move of the swap waits in the outbox; any other failure stops it.
          if (!isQueued(err)) throw err;
          queued = true;
        }
      }
      if (queued) toasts.queued(banner.title);
      else toast.success(t`Banner order saved`);
    });
  }

  return (
    <EntitySection
      titleId="admin-banners-title"
      title={<Trans>Banners</Trans>}
      addLabel={<Trans>Add Banner</Trans>}
      onAdd={editor.create}
    >
      <OfflineCopyNote shown={banners.offlineCopy} />
      <PendingCreations rows={pending.creations} />

      <ListState
        items={list}
        empty={<Trans>No banners yet. The home page shows its default slides.</Trans>}
        failure={banners.failure(<Trans>Banners could not be loaded.</Trans>)}
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
                      onChange={(on) => toggle(b, on)}
                    />
                    <EditButton name={b.title} onClick={() => editor.edit(b)} />
                    <DeleteButton name={b.title} onClick={() => editor.askDelete(b)} />
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </ListState>

      <EntityFormDialog editor={editor} title={{ add: <Trans>Add Banner</Trans>, edit: <Trans>Edit banner</Trans> }}>
        {(banner) => <BannerForm banner={banner} onCancel={editor.close} onDone={editor.done} />}
      </EntityFormDialog>

      <EntityDeleteDialog
        editor={editor}
        title={<Trans>Delete banner?</Trans>}
        message={(toDelete) => (
          <Trans>“{toDelete?.title ?? ""}” will be removed from the home page. This cannot be undone.</Trans>
        )}
      />
    </EntitySection>
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
  const form = useEntityForm({ form: "banner", storefront: true });
  const { errors, setErrors, busy } = form;

  async function save() {
    if (busy) return;
    const translations =
      compactTranslations({ fr: { title: titles.fr.trim() }, ar: { title: titles.ar.trim() } }) ?? {};
    const raw = { title, image, link, active, translations };
    const check = banner
      ? bannerUpdateSchema.safeParse({ ...raw, version: banner.version })
      : bannerCreateSchema.safeParse(raw);
    if (!form.valid(check)) return;
    const body = { title: title.trim(), image: image.trim(), link: link.trim(), active, translations };
    await form.save({
      subject: body.title,
      send: () => saveFormTo(BANNERS, banner, banner?.version, body, t`Banner: ${body.title}`),
      saved: () => toast.success(banner ? t`Banner updated` : t`Banner added`),
      done: onDone,
      failTitle: banner ? t`Failed to update banner` : t`Failed to add banner`,
      conflict: { text: t`This banner was changed by someone else.` },
    });
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
